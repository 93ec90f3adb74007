import { useParams } from 'react-router-dom';
import { BatchPage } from '../../features/batches/components/batch-page';

/** `/batch/:id`: mounted per batch, so another batch's page starts afresh. */
export function BatchRoute() {
  const { id = '' } = useParams();
  return <BatchPage key={id} id={id} />;
}
