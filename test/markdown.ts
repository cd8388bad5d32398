// The code blocks and links of a Markdown document, as the README and docs tests read them.

/** A fenced code block: its language, the words after it, its text, and the `output` block after it. */
export interface CodeBlock {
  readonly lang: string;
  readonly meta: string;
  readonly code: string;
  /** The text of the block right after this one when that block's words say `output`. */
  readonly output?: string;
}

/** Every fenced block of `markdown` (``` fences at any indentation), in order, with the output it is said to print. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const fenced = [...markdown.matchAll(/^( *)```(\w*)([^\n]*)\n([\s\S]*?)^\1```$/gm)].map((m) => ({
    lang: m[2] ?? '',
    meta: (m[3] ?? '').trim(),
    code: (m[4] ?? '').replace(new RegExp(`^${m[1] ?? ''}`, 'gm'), ''),
  }));
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < fenced.length; i++) {
    const block = fenced[i];
    if (block === undefined || block.meta === 'output') continue;
    const next = fenced[i + 1];
    blocks.push(next?.meta === 'output' ? { ...block, output: next.code } : block);
  }
  return blocks;
}

/** The targets of the Markdown links and images of `markdown`, outside code. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^( *)```[\s\S]*?^\1```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** The text of every ATX heading of `markdown` (`## Caps` gives `Caps`), outside code, in order. */
export function headings(markdown: string): string[] {
  const prose = markdown.replace(/^( *)```[\s\S]*?^\1```$/gm, '');
  return [...prose.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1] ?? '');
}

/** The anchors GitHub and npm give the headings of `markdown`. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const heading of headings(markdown)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}
