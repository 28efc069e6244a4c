// English number words → digits, inside running text: "twenty-one km" → "21 km",
// "one and a half miles" → "1.5 miles", "a mile" → "1 mile", "two point five" → "2.5".

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const FRACTIONS: Record<string, number> = { half: 0.5, quarter: 0.25, 'three quarters': 0.75 };
const DIGIT_WORDS = { ...UNITS };

const isNumberWord = (w: string) => w in UNITS || w in TENS || w === 'hundred' || w === 'thousand';

/** Parse a run of number words ("twenty one", "one hundred and five"); undefined if it is not one. */
function parseWords(words: string[]): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words) {
    if (w === 'and') continue;
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return undefined;
    seen = true;
  }
  return seen ? total + current : undefined;
}

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * Replace spelled-out numbers with digits, leaving every other word (and its case) alone.
 * Handles compounds ("twenty-one"), hundreds, "and a half", "point five", "half a", "a" before
 * a distance unit, "a couple of", and decimal commas ("2,5 km").
 */
export function wordsToNumbers(text: string): string {
  // decimal commas, only in distances ("3,5 km"): "42.5,1.6" stays a coordinate pair
  let s = text.replace(/(?<![\d.])(\d+),(\d{1,2})(?=\s*(?:kms?|k|mi|miles?|kilomet|m\b|met))/gi, '$1.$2');
  // "twenty-one" → "twenty one"
  s = s.replace(/\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b/gi, '$1 $2');
  const tokens = s.split(/(\s+)/);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    const w = tok.toLowerCase();
    if (!isNumberWord(w)) {
      out.push(tok);
      continue;
    }
    // greedily take number words (and "and" between them)
    const run: string[] = [w];
    let j = i + 2;
    while (j < tokens.length) {
      const nw = tokens[j]!.toLowerCase();
      if (
        isNumberWord(nw) ||
        (nw === 'and' &&
          j + 2 < tokens.length &&
          isNumberWord(tokens[j + 2]!.toLowerCase()) &&
          !(tokens[j + 2]!.toLowerCase() in UNITS && run.length === 1 && run[0]! in UNITS))
      ) {
        run.push(nw);
        j += 2;
      } else break;
    }
    const value = parseWords(run);
    if (value === undefined) {
      out.push(tok);
      continue;
    }
    out.push(fmt(value));
    i = j - 2;
  }
  s = out.join('');
  // "2 point 5" → "2.5"
  s = s.replace(
    /\b(\d+)\s+point\s+(\d+|zero|one|two|three|four|five|six|seven|eight|nine)\b/gi,
    (_, a: string, b: string) => `${a}.${/\d/.test(b) ? b : DIGIT_WORDS[b.toLowerCase()]!}`,
  );
  // "1 and a half" → "1.5"; "a mile and a half" → "1.5 mile"
  s = s.replace(/\b(\d+(?:\.\d+)?)\s+and\s+a\s+(half|quarter)\b/gi, (_, n: string, f: string) =>
    fmt(Number(n) + FRACTIONS[f.toLowerCase()]!),
  );
  s = s.replace(
    /\ban?\s+(mile|kilometre|kilometer|km|k)\s+and\s+a\s+(half|quarter)\b/gi,
    (_, u: string, f: string) => `${fmt(1 + FRACTIONS[f.toLowerCase()]!)} ${u}`,
  );
  // "half a mile" → "0.5 mile"
  s = s.replace(
    /\b(half|quarter of)\s+an?\s+(mile|kilometre|kilometer|km|k)\b/gi,
    (_, f: string, u: string) => `${f.toLowerCase().startsWith('half') ? '0.5' : '0.25'} ${u}`,
  );
  // "a couple of km" → "2 km"; "a dozen km" → "12 km"
  s = s.replace(/\ba\s+couple(?:\s+of)?\s+(?=(?:miles?|kilomet(?:re|er)s?|kms?|k)\b)/gi, '2 ');
  s = s.replace(/\ba\s+dozen\s+(?=(?:miles?|kilomet(?:re|er)s?|kms?|k)\b)/gi, '12 ');
  // "a mile", "a kilometre", "an 8 km" (article before a unit) → "1 mile"
  s = s.replace(/\ban?\s+(?=(?:mile|kilometre|kilometer|km)\b)/gi, '1 ');
  return s;
}
