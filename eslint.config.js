import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'data', 'coverage', 'tmp-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The client may import only the AppRouter type from the server (STYLE.md habit 7).
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+server/(?!router$)', message: 'The client imports only the AppRouter type from server/router.' }] }],
    },
  },
  {
    // A domain reaches another domain through its service, never its repos (STYLE.md layout):
    // from server/modules/<domain>/, any '../<other>/<name>.repo' is another domain's repo.
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^./][^/]*/[^/]+\\.repo$', message: "Call the other domain's service, not its repo." },
            { regex: '(^|/)modules/[^/]+/[^/]+\\.repo$', message: "Call the other domain's service, not its repo." },
          ],
        },
      ],
    },
  },
);
