import { MappingPage } from '../../features/mapping/components/mapping-page';

export function MappingRoute() {
  return <MappingPage />;
}
