/**
 * Test-only (imported by *.test.tsx): text as sellers and buyers really type it, for
 * property-based tests of every screen that shows it (docs/product.md, "Whatever sellers type").
 */
import fc from 'fast-check';

/** Pasted links and part numbers: one word with no place to break, up to 120 characters. */
const longWord = fc
  .tuple(fc.constantFrom('https://example.com/', 'PART-', 'VIN', ''), fc.stringMatching(/^[A-Za-z0-9._~/-]{40,100}$/))
  .map(([start, rest]) => `${start}${rest}`);

const WORDS = [
  'الرياض',
  'شارع الملك فهد',
  'مرسيدس', // Arabic
  'תל אביב',
  'רחוב הרצל', // Hebrew
  'ঢাকা',
  'গুলশান ২',
  'বাংলাদেশ', // Bengali
  '東京都渋谷区',
  '서울특별시',
  '北京', // CJK
  '🚗💨',
  '👩🏽‍🔧',
  '🇧🇩',
  '❤️',
  '1️⃣', // emoji, with modifiers, joiners and flags
  '<script>alert(1)</script>',
  '<b>bold</b>',
  '&amp;',
  '&lt;',
  '"quoted"',
  "O'Neil",
  '& <>', // markup characters
  'Ωmega',
  'Zürich',
  'Civic',
  '2.0 TFSI',
];

const word = fc.oneof({ arbitrary: longWord, weight: 1 }, { arbitrary: fc.constantFrom(...WORDS), weight: 3 });

/** What a field takes: trimmed, never empty, at most `max` characters, whole words only. */
export function sellerText(max = 120): fc.Arbitrary<string> {
  return fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => {
    let text = '';
    for (const next of words) {
      const joined = text ? `${text} ${next}` : next;
      if (joined.length > max) break;
      text = joined;
    }
    return text || words[0]!.slice(0, max);
  });
}

/**
 * `text` shows whole in `root` in an element that takes its direction from the text itself
 * (dir="auto" or <bdi>), inside nothing that forbids breaking it, and, where the page has a
 * layout to measure (a real browser), that element is no wider than its parent.
 */
export function expectSellerTextShown(root: HTMLElement, text: string): void {
  const shows = (element: Element) =>
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value === text : element.textContent === text;
  // The innermost elements holding exactly the text, not every wrapper around them.
  const holders = [...root.querySelectorAll<HTMLElement>('*')].filter((element) => shows(element) && ![...element.children].some(shows));
  if (holders.length === 0) throw new Error(`"${text}" is not shown whole`);
  for (const holder of holders) {
    const directed = holder.closest('[dir="auto"], bdi');
    if (!directed) throw new Error(`"${text}" is shown without dir="auto": ${holder.outerHTML.slice(0, 200)}`);
    for (let node: HTMLElement | null = holder; node && node !== root; node = node.parentElement) {
      if (getComputedStyle(node).whiteSpace === 'nowrap') throw new Error(`"${text}" sits in an element that never breaks: ${node.outerHTML.slice(0, 200)}`);
    }
    const parent = holder.parentElement;
    if (parent && parent.clientWidth > 0 && holder.scrollWidth > parent.clientWidth) {
      throw new Error(`"${text}" is ${holder.scrollWidth}px wide in a ${parent.clientWidth}px box`);
    }
  }
}
