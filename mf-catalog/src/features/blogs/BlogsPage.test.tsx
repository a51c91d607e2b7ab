import { render, screen, within } from '@testing-library/react';
import BlogsPage from './BlogsPage';

const QUESTIONS = [
  'What are the different ways to manage a state in a React application?',
  'How does prototypical inheritance work?',
  'What is a unit test? Why should we write unit tests?',
  'React vs. Angular vs. Vue?',
];

test('the Blogs page covers the four questions, each in its own article', () => {
  render(<BlogsPage />);
  expect(document.title).toBe('Blogs');
  expect(screen.getByRole('heading', { level: 1, name: 'Question and Answer' })).toBeInTheDocument();

  const articles = screen.getAllByRole('article');
  expect(articles).toHaveLength(4);
  articles.forEach((article, index) => {
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(QUESTIONS[index] ?? '');
    expect(article).toHaveAccessibleName(QUESTIONS[index]);
    expect(article.textContent?.length).toBeGreaterThan(800);
  });
});

test('the contents list jumps to each article', () => {
  render(<BlogsPage />);
  const contents = screen.getByRole('navigation', { name: 'On this page' });
  for (const question of QUESTIONS) {
    const link = within(contents).getByRole('link', { name: question });
    const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
    expect(target).toHaveAccessibleName(question);
  }
});

test('code in an article is shown as code', () => {
  render(<BlogsPage />);
  const state = screen.getByRole('article', { name: QUESTIONS[0] });
  expect(within(state).getByText('useState', { selector: 'code' })).toBeInTheDocument();
});
