// Seeds the projects the server bench lists: signs in as the demo user and creates `count`
// projects through the API (as a client would), returning the headers of that session.
const STATUSES = ['draft', 'active', 'on_hold', 'completed'] as const;

export async function seedProjectsForBench(base: string, count = 100): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${base}/api/_auth/csrf`);
  keep(csrfRes);
  const { token } = (await csrfRes.json()) as { token: string };
  const headers = () => ({ 'content-type': 'application/json', origin: base, 'x-csrf-token': token, cookie: cookie() });
  const signin = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: headers(), body: JSON.stringify({ email: 'demo@waymark.local', password: 'waymark-demo-passphrase' }) });
  if (signin.status !== 200) throw new Error(`bench sign-in failed: ${signin.status} ${await signin.text()}`);
  keep(signin);
  for (let i = 0; i < count; i++) {
    const body = {
      name: `Bench project ${String(i + 1).padStart(3, '0')}`,
      description: 'A project seeded for the server bench.',
      status: STATUSES[i % STATUSES.length],
      location: { center: { lon: 1.52 + (i % 10) * 0.01, lat: 42.5 + Math.floor(i / 10) * 0.01 }, zoom: 13, bbox: [1.5, 42.48, 1.6, 42.62], placeName: 'Andorra' },
    };
    const r = await fetch(`${base}/api/projects`, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(`bench project create failed: ${r.status} ${await r.text()}`);
  }
  return { cookie: cookie() };
}
