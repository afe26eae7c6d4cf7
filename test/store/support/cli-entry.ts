// The real CLI, bundled for child-process tests (see bundle-entries.ts).
import '../../../src/cli/main.js';
