import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { signUp } from '@usedcars/shared-auth';
import { SELF_SERVICE_ROLES, SITE_PATHS, type SelfServiceRole } from '@usedcars/shared-contract';
import { Button, useHydrated, usePageTitle } from '@usedcars/shared-ui';
import { Field, Input, Select } from '@usedcars/shared-ui/form';
import { AuthCard } from './AuthCard';
import { signInIntent, useAuthAction } from './useAuthAction';

/** docs/product.md, "Register": Full Name, Email, Password and 'Buyer or Seller?', all required. */
export function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const { busy, run } = useAuthAction();
  const hydrated = useHydrated();
  const [form, setForm] = useState({ name: '', email: '', password: '', role: '' as SelfServiceRole | '' });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.role) return;
    const registration = { name: form.name.trim(), email: form.email.trim(), password: form.password, role: form.role };
    void run(
      () => signUp(registration),
      () => {
        toast.success('Account Created');
        navigate(SITE_PATHS.home, { replace: true });
      },
    );
  };

  return (
    <AuthCard aria-labelledby="register-title">
      <h1 id="register-title">Register</h1>
      <form onSubmit={onSubmit} aria-busy={busy} {...signInIntent}>
        <Field label="Full Name">
          <Input name="name" autoComplete="name" required disabled={!hydrated} value={form.name} onChange={set('name')} />
        </Field>
        <Field label="Email">
          <Input type="email" name="email" autoComplete="email" required disabled={!hydrated} value={form.email} onChange={set('email')} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={6}
            required
            disabled={!hydrated}
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        <Field label="Buyer or Seller?">
          <Select name="role" required disabled={!hydrated} value={form.role} onChange={set('role')}>
            <option value="" disabled>
              Buyer or Seller?
            </option>
            {SELF_SERVICE_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? 'Creating your account…' : 'Register'}
        </Button>
      </form>
      <p>
        Already have an account? <Link to={SITE_PATHS.login}>Sign in Here</Link>
      </p>
    </AuthCard>
  );
}
