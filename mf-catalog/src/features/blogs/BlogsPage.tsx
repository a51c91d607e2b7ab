import { Fragment } from 'react';
import styled from 'styled-components';
import { focusRing, theme, usePageTitle } from '@usedcars/shared-ui';
import { ARTICLES, type ArticleBlock } from './articles';

const Page = styled.div`
  max-width: 820px;
  padding-top: 32px;
  h1 {
    margin: 0 0 8px;
    font-size: clamp(32px, 5vw, 44px);
  }
`;

const Intro = styled.p`
  margin: 0 0 24px;
  font-size: 18px;
  color: ${theme.color.muted};
`;

const Contents = styled.nav`
  margin-bottom: 32px;
  padding: 16px 20px;
  border-left: 4px solid ${theme.color.brand};
  border-radius: 0 ${theme.radius} ${theme.radius} 0;
  background: ${theme.color.surface};
  h2 {
    margin: 0 0 8px;
    font-size: 14px;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${theme.color.muted};
  }
  ol {
    margin: 0;
    padding-left: 1.3em;
  }
  li + li {
    margin-top: 6px;
  }
  a {
    color: ${theme.color.ink};
    ${focusRing};
    &:hover {
      color: ${theme.color.brand};
    }
  }
`;

const Card = styled.article`
  margin-bottom: 24px;
  padding: clamp(20px, 4vw, 32px);
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};
  scroll-margin-top: 96px;
  h2 {
    margin: 0 0 16px;
    font-size: clamp(21px, 3vw, 26px);
  }
  p,
  li {
    line-height: 1.7;
  }
  p {
    margin: 0 0 14px;
  }
  ul {
    margin: 0 0 14px;
    padding-left: 1.3em;
  }
  li + li {
    margin-top: 8px;
  }
  > :last-child {
    margin-bottom: 0;
  }
  code {
    padding: 1px 5px;
    border-radius: 4px;
    background: ${theme.color.canvas};
    font-size: 0.92em;
  }
  pre {
    margin: 0 0 14px;
    padding: 16px;
    overflow-x: auto;
    border-radius: ${theme.radius};
    background: ${theme.color.ink};
    color: #f1f3f7;
    font-size: 14px;
    line-height: 1.6;
  }
  pre code {
    padding: 0;
    background: none;
    font-size: inherit;
  }
`;

/** Renders `backticked` spans as code; everything else is plain text (no HTML from data). */
function InlineText({ text }: { text: string }) {
  return <>{text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>))}</>;
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <InlineText text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>
              <InlineText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'code':
      return (
        // A scrollable region must be reachable by keyboard.
        <pre tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
  }
}

/** docs/product.md, "Blogs": a Question and Answer page with four static articles. */
export default function BlogsPage() {
  usePageTitle('Blogs');
  return (
    <Page>
      <h1>Question and Answer</h1>
      <Intro>Short, practical answers to questions our engineering team gets asked most often.</Intro>
      <Contents aria-labelledby="blogs-contents">
        <h2 id="blogs-contents">On this page</h2>
        <ol>
          {ARTICLES.map(({ id, question }) => (
            <li key={id}>
              <a href={`#${id}`}>{question}</a>
            </li>
          ))}
        </ol>
      </Contents>
      {ARTICLES.map(({ id, question, blocks }) => (
        <Card key={id} id={id} aria-labelledby={`${id}-question`}>
          <h2 id={`${id}-question`}>{question}</h2>
          {blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </Card>
      ))}
    </Page>
  );
}
