import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { Container, VisuallyHidden, theme } from '@usedcars/shared-ui';
import { FacebookIcon, InstagramIcon, XIcon, YouTubeIcon } from './SocialIcons';

const RESOURCES = [
  { label: 'Kelley Blue Book', href: 'https://www.kbb.com' },
  { label: 'Edmunds', href: 'https://www.edmunds.com' },
  { label: 'NHTSA Recalls', href: 'https://www.nhtsa.gov/recalls' },
  { label: 'Carfax', href: 'https://www.carfax.com' },
] as const;

const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com', Icon: FacebookIcon },
  { label: 'Instagram', href: 'https://www.instagram.com', Icon: InstagramIcon },
  { label: 'X (Twitter)', href: 'https://x.com', Icon: XIcon },
  { label: 'YouTube', href: 'https://www.youtube.com', Icon: YouTubeIcon },
] as const;

/** Light-on-dark focus ring: the theme's blue is too dark to see on the footer's ink background. */
const FOCUS_ON_DARK = '#9fc0f5';

const Wrapper = styled.footer`
  margin-top: auto;
  background: ${theme.color.ink};
  color: #c9ced8;
  font-size: 15px;
  a {
    color: #e3e6ec;
    text-decoration: none;
    &:hover {
      color: #fff;
      text-decoration: underline;
    }
    &:focus-visible {
      outline: 3px solid ${FOCUS_ON_DARK};
      outline-offset: 2px;
      border-radius: 4px;
    }
  }
`;

const Columns = styled(Container)`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 32px;
  padding-block: 48px 32px;
`;

const About = styled.div`
  max-width: 320px;
  p {
    margin: 12px 0 0;
    line-height: 1.6;
  }
`;

const Wordmark = styled.div`
  font-size: 22px;
  font-weight: 800;
  letter-spacing: -0.5px;
  color: #fff;
  span {
    color: #ff6b6b;
  }
`;

const Heading = styled.h2`
  margin: 0 0 14px;
  font-size: 14px;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: #fff;
`;

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SocialList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.08);
    &:hover {
      background: ${theme.color.brand};
    }
    &:focus-visible {
      border-radius: 50%;
    }
  }
`;

const Bottom = styled.div`
  border-top: 1px solid rgba(255, 255, 255, 0.12);
  p {
    margin: 0;
    padding-block: 20px;
    font-size: 14px;
  }
`;

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The site footer (docs/product.md, "Footer"): Resources, Follow us and Legal columns and the copyright line. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Wrapper>
      <Columns>
        <About>
          <Wordmark>
            Used<span>Cars</span>
          </Wordmark>
          <p>Inspected used Audi, Honda and Mercedes-Benz cars from local sellers, booked and paid for online.</p>
        </About>
        <section aria-labelledby="footer-resources">
          <Heading id="footer-resources">Resources</Heading>
          <List>
            {RESOURCES.map(({ label, href }) => (
              <li key={href}>
                <a href={href} {...newTab}>
                  {label}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </a>
              </li>
            ))}
          </List>
        </section>
        <section aria-labelledby="footer-follow">
          <Heading id="footer-follow">Follow us</Heading>
          <SocialList>
            {SOCIAL.map(({ label, href, Icon }) => (
              <li key={href}>
                <a href={href} aria-label={`${label} (opens in a new tab)`} {...newTab}>
                  <Icon />
                </a>
              </li>
            ))}
          </SocialList>
        </section>
        <section aria-labelledby="footer-legal">
          <Heading id="footer-legal">Legal</Heading>
          <List>
            {/* Both Legal links point to the home page until the documents exist. */}
            <li>
              <Link to={SITE_PATHS.home}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={SITE_PATHS.home}>Terms &amp; Conditions</Link>
            </li>
          </List>
        </section>
      </Columns>
      <Bottom>
        <Container>
          <p>© {year} UsedCars. All rights reserved.</p>
        </Container>
      </Bottom>
    </Wrapper>
  );
}
