import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Each test starts with an empty browser storage: a draft one test typed is not another test's starting point.
afterEach(() => window.localStorage.clear());
