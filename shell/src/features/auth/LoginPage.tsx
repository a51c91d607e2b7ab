import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signIn, signInWithGoogle } from '@usedcars/shared-auth';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { Button, GhostButton, useHydrated, usePageTitle } from '@usedcars/shared-ui';
import { Field, Input } from '@usedcars/shared-ui/form';
import { AuthCard, Divider } from './AuthCard';
import { signInIntent, useAuthAction } from './useAuthAction';
import { useReturnPath } from './useReturnPath';

/** The login guard's form, on the page someone asked for: signing in shows that page where the form was. */
export function SignInHere() {
  return <LoginPage inPlace />;
}

/** docs/product.md, "Login": e-mail and password, 'Create new Account', 'CONTINUE WITH GOOGLE'. */
export function LoginPage({ inPlace = false }: { inPlace?: boolean }) {
  usePageTitle('Login');
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const { busy, run } = useAuthAction();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const done = () => {
    if (!inPlace) navigate(returnPath, { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => signIn(email.trim(), password), done);
  };

  return (
    <AuthCard aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <form onSubmit={onSubmit} aria-busy={busy} {...signInIntent}>
        <Field label="Email">
          <Input type="email" name="email" autoComplete="email" required disabled={!hydrated} value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            disabled={!hydrated}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? 'Logging in…' : 'Login'}
        </Button>
      </form>
      <p>
        New to Used Cars? <Link to={SITE_PATHS.register}>Create new Account</Link>
      </p>
      <Divider>or</Divider>
      <GhostButton type="button" disabled={busy || !hydrated} onClick={() => void run(signInWithGoogle, done)} style={{ width: '100%' }} {...signInIntent}>
        CONTINUE WITH GOOGLE
      </GhostButton>
    </AuthCard>
  );
}
