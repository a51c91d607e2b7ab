/**
 * Test helpers for the sign-in screens (imported by *.test.tsx only). The screens run on the real
 * session of @usedcars/shared-auth; what sits behind it (the identity service, the API's responses)
 * is shared-auth's own fakes from @usedcars/shared-auth/testing.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { startIdentity, type LoginRedirectState } from '@usedcars/shared-auth';
import { IdentityDouble, resetSession } from '@usedcars/shared-auth/testing';
import { AppToaster } from '@usedcars/shared-ui/appSettings';
import toast from 'react-hot-toast';

export type { IdentityDouble };

/**
 * Starts the real session on a fresh identity double and fake API, nobody signed in.
 * `roles` are the API's user records (role by e-mail): seed them, read what a sign-up saved.
 */
export async function startSession() {
  toast.remove(); // the toaster's store outlives a test's screen
  const { roles } = resetSession();
  const identity = new IdentityDouble();
  await startIdentity(async () => identity);
  return { identity, roles };
}

/** Any other page: where the person landed, and whether the screen replaced its history entry. */
function Landed() {
  const location = useLocation();
  return <h1>{`Landed on ${location.pathname}${location.search} by ${useNavigationType()}`}</h1>;
}

/** A sign-in screen at `path`, the toaster beside it, any other address showing <Landed>. */
export function renderAuthScreen(path: string, screen: ReactNode, from?: LoginRedirectState['from']) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state: from ? ({ from } satisfies LoginRedirectState) : null }]}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<Landed />} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
}
