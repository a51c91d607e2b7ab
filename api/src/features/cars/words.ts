import { type SQL, and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cars, type Words } from '../../db/schema';

type Reader = Pick<Db, 'execute'>;

/** More words than this in one query add nothing a buyer meant; the rest are left out. */
const MAX_WORDS = 8;
/** A word no listing has is read as the listings' words most like it, up to this many. */
const ALTERNATIVES = 3;
/**
 * A typo changes a letter or two, so an alternative is as long give or take two: "civc" is Civic,
 * but a code that starts like a word ("civic3fa21b") is not that word.
 */
const MAX_LENGTH_APART = 2;
/** Shorter words ("a4", "ex", "si") are codes, not words to correct. */
const MIN_CORRECTED = 4;
/** From three characters on, the start of a word finds the word, as the lists' old "contains" did ("civ" finds Civic); not a number's ("100" is not 1000). */
const MIN_PREFIX = 3;

/** Letters (with their marks, as Bengali's vowel signs), digits; a single letter ("C 300") says nothing alone. */
const WORD = /[\p{L}\p{M}\p{N}]{2,}|\p{N}/gu;
// Emoji and their joiners and variation selectors, each on its own: in one class the linter reads them as combined characters.
const SYMBOLS = /^(?:[\p{S}\p{Extended_Pictographic}]|\u200d|\ufe0f)+$/u;

/** The query's words, lower-cased, each once, in order, and its symbols (tokens of nothing else). */
function queryParts(q: string): { words: string[]; symbols: string[] } {
  const tokens = q.split(/\s+/).filter(Boolean);
  const words = [...new Set(q.toLowerCase().match(WORD) ?? [])].slice(0, MAX_WORDS);
  const symbols = [...new Set(tokens.filter((token) => SYMBOLS.test(token)))].slice(0, MAX_WORDS);
  return { words, symbols };
}

/** A word inside to_tsquery's syntax: a quoted lexeme, so nothing the buyer typed is read as an operator. */
const lexeme = (word: string) => `'${word.replaceAll("'", "''")}'`;
/** The same quoting in SQL, for the listings' words (chr(92) is a backslash, which that syntax escapes too). */
const quoted = (word: SQL) => sql`('''' || replace(replace(${word}, chr(92), repeat(chr(92), 2)), '''', '''''') || '''')`;

function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/**
 * A buyer's words as the lists match them: every word must match, as itself (from three letters
 * also as the start of a word) or, when no listing has it, as one of the listings' words most
 * like it by trigrams (pg_trgm over search_words), so "mercedez" finds Mercedes and "civc"
 * finds Civic. to_tsquery then stems each with the English dictionary, so "civics" finds
 * "civic" and stop words ("the", "with") drop out. A word the parser cuts ("1e5b22" read as
 * the number 1e5 and "b22") also matches as typed, as the document keeps the seller's codes
 * (docs/api.md, "Search and facets", "Codes"). Null when the query has nothing to search by.
 */
export async function readWords(db: Reader, q: string | undefined): Promise<Words | null> {
  const typed = q?.trim() ?? '';
  if (typed === '') return null;
  const { words, symbols } = queryParts(typed);
  // Nothing but punctuation ("%", "&"): matched as typed, as the lists always did.
  if (words.length === 0 && symbols.length === 0) return { query: null, contains: [typed] };
  let query: string | null = null;
  if (words.length > 0) {
    const firsts = words.map((word, ord) => ({ ord, word, first: word.length >= MIN_PREFIX && /\p{L}/u.test(word) ? `${lexeme(word)}:*` : lexeme(word) }));
    // One statement: each word and its alternatives OR-ed, the words AND-ed. Each is read by to_tsquery (stemmed, stop
    // words dropped) and, where that reading would not match the word itself (the parser cut it), also as typed.
    const [row] = rowsOf<{ query: string | null }>(
      await db.execute(sql`WITH w AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(firsts)}::jsonb) AS w(ord int, word text, first text)),
        candidates AS (
          SELECT w.ord, 0 AS rank, w.word, w.first AS typed FROM w
          UNION ALL
          SELECT w.ord, c.rank, c.word, ${quoted(sql`c.word`)} FROM w CROSS JOIN LATERAL (
            SELECT s.word, row_number() OVER (ORDER BY similarity(s.word, w.word) DESC, s.word) AS rank FROM search_words s
            WHERE length(w.word) >= ${MIN_CORRECTED} AND NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = w.word)
              AND s.word % w.word AND abs(length(s.word) - length(w.word)) <= ${MAX_LENGTH_APART}
            ORDER BY similarity(s.word, w.word) DESC, s.word
            LIMIT ${ALTERNATIVES}
          ) AS c
        ),
        readings AS (
          SELECT c.ord, c.rank, CASE WHEN ${quoted(sql`c.word`)}::tsvector @@ e.english THEN e.english ELSE e.english || c.typed::tsquery END AS reading
          FROM candidates AS c CROSS JOIN LATERAL (SELECT to_tsquery('english', c.typed) AS english) AS e
          WHERE numnode(e.english) > 0
        )
        SELECT string_agg('(' || g.alternatives || ')', ' & ' ORDER BY g.ord)::tsquery::text AS query FROM (
          SELECT ord, string_agg('(' || reading::text || ')', ' | ' ORDER BY rank) AS alternatives FROM readings GROUP BY ord
        ) AS g`),
    );
    query = row?.query || null;
  }
  return query === null && symbols.length === 0 ? null : { query, contains: symbols };
}

/** User text inside LIKE is literal: %, _ and \ lose their pattern meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Must stay the expression of the trigram index cars_search_trgm_idx (drizzle/0001_search.sql), which serves the symbols. */
export const searchText = sql`(${cars.carName} || ' ' || ${cars.details} || ' ' || ${cars.location})`;

export function wordsWhere(words: Words | null | undefined): SQL | undefined {
  if (!words) return undefined;
  return and(
    words.query === null ? undefined : sql`${cars.search} @@ ${words.query}::tsquery`,
    ...words.contains.map((symbol) => sql`${searchText} ILIKE ${containsPattern(symbol)}`),
  );
}
