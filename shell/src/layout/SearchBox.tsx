import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { VisuallyHidden, focusRing, theme } from '@usedcars/shared-ui';

const PHONE = '@media (max-width: 768px)';

const Form = styled.form`
  display: flex;
  flex: 0 1 280px;
  min-width: 0;
  ${PHONE} {
    order: 2;
    flex-basis: 100%;
  }
  label {
    display: flex;
    flex: 1;
    min-width: 0;
  }
  input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    padding: 0 12px;
    border: 1px solid ${theme.color.line};
    border-right: 0;
    border-radius: ${theme.radius} 0 0 ${theme.radius};
    font: inherit;
    ${focusRing};
  }
  button {
    min-height: 44px;
    padding: 0 14px;
    border: 0;
    border-radius: 0 ${theme.radius} ${theme.radius} 0;
    background: ${theme.color.ink};
    color: #fff;
    font: 600 15px/1 ${theme.font};
    cursor: pointer;
    ${focusRing};
  }
`;

/**
 * The search across brands, on every page (docs/product.md, "Navbar"). A plain GET form: before
 * the page's scripts run it loads /search?q=… as a document; after, it moves within the page.
 */
export function SearchBox({ onSearch }: { onSearch: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  // On the results, the box shows the words they are for; elsewhere it starts empty.
  const shown = location.pathname.toLowerCase() === SITE_PATHS.search ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [typed, setTyped] = useState<{ for: string; text: string }>({ for: shown, text: shown });
  const text = typed.for === shown ? typed.text : shown;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    onSearch();
    navigate(q ? `${SITE_PATHS.search}?${new URLSearchParams({ q }).toString()}` : SITE_PATHS.search);
  };

  return (
    <Form role="search" action={SITE_PATHS.search} method="get" onSubmit={submit}>
      <label>
        <VisuallyHidden>Search cars</VisuallyHidden>
        <input
          type="search"
          name="q"
          dir="auto"
          maxLength={100}
          placeholder="Search make, model, city"
          value={text}
          onChange={(event) => setTyped({ for: shown, text: event.target.value })}
        />
      </label>
      <button type="submit">Search</button>
    </Form>
  );
}
