import { errorMessage } from '@/lib/errors';
import { useAccountUser } from './api/get-user';
import { MfaCard } from './components/mfa-card';
import { Notice } from './components/notice';
import { PasswordCard } from './components/password-card';
import { ProfileCard } from './components/profile-card';
import { useReauth } from './components/reauth';
import { SessionsCard } from './components/sessions-card';
import { TokensCard } from './components/tokens-card';

/** /settings/account: profile, password, two-factor authentication, sessions and personal access tokens. */
export function AccountSettingsPage() {
  const account = useAccountUser();
  const { withReauth, dialog } = useReauth();
  const user = account.data;
  return (
    <div className="grid max-w-3xl min-w-0 gap-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="text-sm text-muted-foreground">Sign-in details, security, sessions and access tokens.</p>
      </div>
      {account.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
      {account.isError && <Notice kind="error">{errorMessage(account.error)}</Notice>}
      {user && (
        <>
          <ProfileCard key={`${user.id}-${user.email}`} user={user} withReauth={withReauth} />
          <PasswordCard withReauth={withReauth} />
          <MfaCard user={user} withReauth={withReauth} />
        </>
      )}
      <SessionsCard />
      <TokensCard withReauth={withReauth} />
      {dialog}
    </div>
  );
}
