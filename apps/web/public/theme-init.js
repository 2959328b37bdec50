// Runs before the app bundle so the page never flashes the wrong theme. Keep in sync with src/lib/theme.ts.
(() => {
  try {
    const saved = localStorage.getItem('theme');
    const dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage blocked: the app falls back to the light theme */
  }
})();
