import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function ErrorLayout({
  code,
  title,
  description,
  children,
  extra,
}: {
  code: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-2 p-6 text-center" data-error-code={code}>
      <h1 className="text-7xl leading-tight font-bold tracking-tight">{code}</h1>
      <p className="text-lg font-medium">{title}</p>
      <p className="max-w-md text-muted-foreground">{description}</p>
      {extra}
      <div className="mt-6 flex flex-wrap justify-center gap-4">{children}</div>
    </main>
  );
}

export function GoBackButton() {
  const router = useRouter();
  return (
    <Button variant="outline" onClick={() => router.history.back()}>
      Go Back
    </Button>
  );
}

export function HomeButton() {
  return (
    <Button asChild>
      <Link to="/">Back to Home</Link>
    </Button>
  );
}

/** SPEC §2 not-found screen: exact texts, "Go Back" (history back) and "Back to Home" (/). */
export function NotFoundPage() {
  return (
    <ErrorLayout
      code="404"
      title="Oops! Page Not Found!"
      description="It seems like the page you're looking for does not exist or might have been removed."
    >
      <GoBackButton />
      <HomeButton />
    </ErrorLayout>
  );
}

export function UnauthorizedPage({ redirect }: { redirect?: string }) {
  const href = `/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <ErrorLayout code="401" title="Unauthorized Access" description="Please sign in with the appropriate credentials to access this page.">
      <GoBackButton />
      <Button asChild>
        <a href={href}>Sign in</a>
      </Button>
    </ErrorLayout>
  );
}

export function ForbiddenPage() {
  return (
    <ErrorLayout
      code="403"
      title="Access Forbidden"
      description="You don't have the permission needed to view this page. If you think you should, ask an administrator to give you access."
    >
      <GoBackButton />
      <HomeButton />
    </ErrorLayout>
  );
}

export function ServerErrorPage({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <ErrorLayout
      code="500"
      title="Oops! Something went wrong :')"
      description="We're sorry for the trouble. The error was noted; please try again in a moment."
      extra={
        message ? (
          <details className="mt-2 max-w-md text-start text-sm text-muted-foreground">
            <summary className="cursor-pointer">Error details</summary>
            <pre className="mt-2 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">{message}</pre>
          </details>
        ) : null
      }
    >
      <Button variant="outline" onClick={onRetry ?? (() => window.location.reload())}>
        Try again
      </Button>
      <HomeButton />
    </ErrorLayout>
  );
}

export function MaintenancePage() {
  return (
    <ErrorLayout
      code="503"
      title="Website is under maintenance!"
      description="The site is not available at the moment. We'll be back online shortly."
    >
      <Button variant="outline" onClick={() => window.location.reload()}>
        Try again
      </Button>
      <HomeButton />
    </ErrorLayout>
  );
}
