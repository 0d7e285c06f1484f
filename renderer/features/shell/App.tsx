import { LibraryScreen } from '../library/LibraryScreen';

/** The window: a title bar and the current screen (only the Library exists so far). */
export function App() {
  return (
    <div className="app">
      <nav className="sidebar" aria-label="Screens">
        <div className="brand">Filing Workbench</div>
        <a href="#library" aria-current="page">
          Library
        </a>
      </nav>
      <LibraryScreen />
    </div>
  );
}
