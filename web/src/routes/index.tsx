import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Landing,
});

function Landing() {
  return (
    <main className="mx-auto flex min-h-svh max-w-3xl flex-col justify-center gap-6 p-8">
      <h1 className="text-4xl font-bold tracking-tight">Waymark</h1>
      <p className="text-lg text-muted-foreground">Plan running routes and edit project maps on real OpenStreetMap data — online or offline.</p>
    </main>
  );
}
