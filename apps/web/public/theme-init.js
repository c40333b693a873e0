// Applies the saved (or system) theme before the first paint, so dark mode never flashes light.
// A file rather than an inline script, so the Content-Security-Policy needs no 'unsafe-inline'.
(function () {
  try {
    var saved = localStorage.getItem('pagecast.theme');
    var dark =
      saved === 'dark' ||
      ((saved === null || saved === 'system') &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch (e) {}
})();
