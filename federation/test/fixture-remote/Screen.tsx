import badge from './badge.svg';

/** A remote's screen for the render server's tests: its picture's address says which build rendered it. */
export default function Screen() {
  return <img src={badge} alt="badge" />;
}
