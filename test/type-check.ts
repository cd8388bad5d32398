// TypeScript as a careful user's project compiles what it pastes from the package: strict,
// exactOptionalPropertyTypes and noUncheckedIndexedAccess, against the installed package.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** How the project around the checked files is set up. */
export interface TypeCheckOptions {
  /** Module resolution: NodeNext (default), or Bundler with ESNext modules. */
  readonly resolution?: 'NodeNext' | 'Bundler';
  /** The files to check; every `*.ts` of the folder by default. */
  readonly files?: readonly string[];
  /** The `@types` packages in scope; Node's by default. */
  readonly types?: readonly string[];
  /** The libraries of the environment; ES2022 and the DOM by default. */
  readonly lib?: readonly string[];
  /** Whether the declarations of the packages are checked too (`skipLibCheck: false`); no by default. */
  readonly libCheck?: boolean;
  /** Whether `.tsx` files compile too, with React's automatic runtime, and JSON modules; no by default. */
  readonly jsx?: boolean;
}

/** What tsc says of the TypeScript files of `dir`, under the strict settings: nothing when they type-check. */
export function typeCheck(dir: string, options: TypeCheckOptions = {}): string {
  const { resolution = 'NodeNext', files, types = ['node'], lib = ['ES2022', 'DOM'], libCheck = false, jsx } = options;
  const config = `tsconfig.${resolution}.json`;
  writeFileSync(
    join(dir, config),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
        moduleResolution: resolution,
        target: 'ES2022',
        lib,
        noEmit: true,
        skipLibCheck: !libCheck,
        types,
        ...(jsx ? { jsx: 'react-jsx', resolveJsonModule: true } : {}),
      },
      ...(files ? { files } : { include: ['*.ts'] }),
    }),
  );
  try {
    execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', config], {
      cwd: dir,
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: unknown }).stdout);
  }
}
