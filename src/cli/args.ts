// The command line read with node:util's parseArgs, leniently, and the usage error of its options.
import { parseArgs } from 'node:util';
import type { UsageWording } from './wording.js';

/** The options a command knows: each a string or a flag. */
type Spec = Readonly<
  Record<string, { readonly type: 'string' | 'boolean'; readonly multiple?: boolean; readonly short?: string }>
>;

/** `args` read against `spec`, unknown options kept as tokens, for {@link optionFault} to name. */
export const readArgs = <S extends Spec>(args: readonly string[], spec: S) =>
  parseArgs({ args: [...args], options: spec, strict: false, allowPositionals: true, tokens: true });

/**
 * The usage error of the first option that is unknown, lacks its value or has one it does not take
 * (`flagWithValue`: the flag that may take one, as `--changed=<base>`); undefined when there is none.
 */
export function optionFault(
  tokens: ReturnType<typeof readArgs>['tokens'],
  spec: Spec,
  usage: UsageWording,
  flagWithValue?: string,
): string | undefined {
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const known = spec[token.name];
    if (!known) return usage.unknownOption(token.rawName);
    if (known.type === 'string' && typeof token.value !== 'string') return usage.missingValue(token.rawName);
    if (token.name === flagWithValue) {
      if (token.value === '') return usage.missingValue(token.rawName);
    } else if (known.type === 'boolean' && token.value !== undefined) return usage.unexpectedValue(token.rawName);
  }
  return undefined;
}
