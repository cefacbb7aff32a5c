export {};
// The live-set tests that draw pages run in jsdom (their first line says so); they get the app
// tests' set-up, the others none.
if (typeof window !== 'undefined') await import('./setup-dom');
