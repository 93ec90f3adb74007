import { DELIVERY_UI, type Delivery } from '@app/contracts';

/** A message's recipients as the delivery log and the batch page show them: `a@x.ru, b@y.ru (копия: c@z.ru)`. */
export function Recipients({ to, cc }: Pick<Delivery, 'to' | 'cc'>) {
  return (
    <>
      {to.join(', ')}
      {cc.length ? (
        <span className="note">
          {' '}
          ({DELIVERY_UI.cc.toLowerCase()}: {cc.join(', ')})
        </span>
      ) : null}
    </>
  );
}
