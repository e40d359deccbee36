// The app: its own module (hot-reloaded), its own API, and, only when VITE_MOCK_VIEWER is on, the
// viewer under MSW. Vite replaces import.meta.env.VITE_MOCK_VIEWER by its value, so a build without
// the flag drops the dynamic import and ships neither the mock nor three.js.
import { greeting } from './greeting.js';

const log = (text) => {
  document.getElementById('log').textContent += `${text}\n`;
};

function showGreeting(text) {
  document.getElementById('greeting').textContent = text;
}

showGreeting(greeting);
if (import.meta.hot)
  import.meta.hot.accept('./greeting.js', (module) => {
    if (module) showGreeting(module.greeting);
  });

async function start() {
  if (import.meta.env.VITE_MOCK_VIEWER === 'on') await (await import('./mock-viewer.js')).startMockViewer(log);
  const todos = await (await fetch('/api/todos')).json();
  log(`own api ${todos.todos.join(',')}`);
}

void start();
