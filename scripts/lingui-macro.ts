import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/**
 * Lingui's macros (`t`, `Trans`, `Plural` from '@lingui/*\/macro') turned into message
 * descriptors by its Babel plugin, on the files that import one and on nothing else: the React
 * plugin no longer runs Babel, and the rest of the client needs none. The English sentence
 * stays in the code (`stripMessageField: false`), so English needs no catalog to load and each
 * screen's chunk keeps its own words.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'sop-harbor:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[jt]sx?$/.test(id) || id.includes('/node_modules/') || !/@lingui\/(core|react)\/macro/.test(code)) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
