import { RouteProgress } from './RouteProgress';
import { SplashMark } from './SplashMark';

/** The brand's mark with the progress bar: the dashboard's frame is on its way (SplashMark). */
export function Splash() {
  return (
    <SplashMark>
      <RouteProgress />
    </SplashMark>
  );
}
