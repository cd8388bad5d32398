// Functions the generated validators call at run time; the rules use them too, so both count alike.
const surrogate = /[\uD800-\uDFFF]/;

/** Length of a string in Unicode code points, as JSON Schema counts `minLength` and `maxLength`. */
export function codePointLength(text: string): number {
  // the engine's scan for a surrogate is far quicker than the loop, and most texts have none
  if (!surrogate.test(text)) return text.length;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

const days = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The value of the ASCII digits `text[at..at+count)`, or -1 when one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const dash = 45;
const colon = 58;
const dot = 46;

/**
 * Whether `text` is a date-time as the schema's DateTime demands: it matches the DateTime pattern
 * (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`) and passes ajv-formats' full-mode `date-time`
 * check (a real calendar day, hours to 23, minutes to 59, a leap second only at 23:59:60 UTC), with
 * hours to 23 and minutes to 59 for a leap second too, as RFC 3339 demands and ajv-formats does not.
 * One pass, no allocation: the field table runs it instead of the pattern and the format.
 */
export function isDateTime(text: string): boolean {
  const n = text.length;
  if (n < 20) return false;
  if (
    text.charCodeAt(4) !== dash ||
    text.charCodeAt(7) !== dash ||
    text.charCodeAt(13) !== colon ||
    text.charCodeAt(16) !== colon
  )
    return false;
  if (text.charCodeAt(10) !== 84 && text.charCodeAt(10) !== 116) return false; // T or t
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return false;
  let i = 19;
  if (text.charCodeAt(i) === dot) {
    const start = ++i;
    while (i < n && digits(text, i, 1) >= 0) i++;
    if (i === start) return false;
  }
  let zoneHours = 0;
  let zoneMinutes = 0;
  let sign = 1;
  if (i === n - 1 && (text.charCodeAt(i) === 90 || text.charCodeAt(i) === 122)) {
    // Z or z: UTC
  } else if (
    i === n - 6 &&
    (text.charCodeAt(i) === 43 || text.charCodeAt(i) === dash) &&
    text.charCodeAt(i + 3) === colon
  ) {
    sign = text.charCodeAt(i) === dash ? -1 : 1;
    zoneHours = digits(text, i + 1, 2);
    zoneMinutes = digits(text, i + 4, 2);
    if (zoneHours < 0 || zoneMinutes < 0 || zoneHours > 23 || zoneMinutes > 59) return false;
  } else return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && leap ? 29 : days[month])) return false;
  // RFC 3339 allows hours to 23 and minutes to 59 whatever the offset; ajv-formats lets an offset
  // that makes 24:59:60+01:00 or 23:60:60+00:01 the leap second 23:59:60 UTC pass, and so did this
  if (hour > 23 || minute > 59) return false;
  if (second < 60) return true;
  // a leap second: 23:59:60 in UTC (a fraction never lifts the whole seconds over a bound)
  const utcMinute = minute - zoneMinutes * sign;
  const utcHour = hour - zoneHours * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}
