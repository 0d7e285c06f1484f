import { ScreenBoundary } from '../../components/ScreenBoundary';
import { useNavigation } from '../../stores/navigation';
import { routeHash } from '../../stores/navigation/navigation-store';
import { CurrentScreen } from './CurrentScreen';
import { Sidebar } from './Sidebar';

/** The window: navigation on the left, the current screen on the right. */
export function App() {
  const route = useNavigation((s) => s.route);
  // One boundary per screen and subject: moving within a screen (another table of the same
  // document, another pair on the gap) keeps it, going to another document or screen resets it.
  const screenKey =
    'id' in route
      ? `${route.screen}:${route.id}`
      : route.screen === 'facts'
        ? `facts:${route.company}`
        : route.screen;
  return (
    <div className="app">
      <Sidebar route={route} />
      <ScreenBoundary key={screenKey} screen={routeHash(route)}>
        <CurrentScreen route={route} />
      </ScreenBoundary>
    </div>
  );
}
