import { render, screen } from '@testing-library/react';
import { QueryClient, dehydrate, useQuery } from '@tanstack/react-query';
import { PageServicesContext, WithServices, createPageServices, type PageServices } from './services';

/** A screen reading one API response; the API itself is never reached in these tests. */
function Greeting() {
  const { data, status } = useQuery({ queryKey: ['greeting'], queryFn: () => new Promise<string>(() => undefined) });
  return <p>{status === 'success' ? data : 'Loading the greeting'}</p>;
}

function renderWith(services: PageServices) {
  return render(
    <PageServicesContext.Provider value={services}>
      <WithServices>
        <Greeting />
      </WithServices>
    </PageServicesContext.Provider>,
  );
}

function renderedByServer(greeting: string) {
  const client = new QueryClient();
  client.setQueryData(['greeting'], greeting);
  return dehydrate(client);
}

test('the page starts with the responses the server rendered it with: the screen shows them at once', async () => {
  renderWith(createPageServices({ rendered: renderedByServer('Hello from the server') }));
  expect(await screen.findByText('Hello from the server')).toBeInTheDocument();
});

test("each start has its own cache: another page's (or request's) responses never show", async () => {
  const first = renderWith(createPageServices({ rendered: renderedByServer('For the first visitor') }));
  expect(await screen.findByText('For the first visitor')).toBeInTheDocument();
  first.unmount();
  renderWith(createPageServices());
  expect(await screen.findByText('Loading the greeting')).toBeInTheDocument();
  expect(screen.queryByText('For the first visitor')).not.toBeInTheDocument();
});

test("the render server's request client is the one its screens read", async () => {
  const client = new QueryClient();
  client.setQueryData(['greeting'], 'In this request only');
  renderWith(createPageServices({ client }));
  expect(await screen.findByText('In this request only')).toBeInTheDocument();
});

test('a screen that needs the services outside any provider says so, instead of reading a hidden one', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() =>
    render(
      <WithServices>
        <Greeting />
      </WithServices>,
    ),
  ).toThrow('No PageServicesContext');
  jest.restoreAllMocks();
});
