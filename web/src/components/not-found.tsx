import { Link, useRouter } from '@tanstack/react-router';

export function NotFound() {
  const router = useRouter();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-7xl font-bold leading-tight">404</h1>
      <p className="font-medium">Oops! Page Not Found!</p>
      <p className="text-muted-foreground">It seems like the page you&apos;re looking for does not exist or might have been removed.</p>
      <div className="mt-6 flex gap-4">
        <button type="button" className="rounded-md border px-4 py-2" onClick={() => router.history.back()}>
          Go Back
        </button>
        <Link to="/" className="rounded-md bg-primary px-4 py-2 text-primary-foreground">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
