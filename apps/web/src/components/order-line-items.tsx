import type { OrderJson } from '@tienda/shared/orders';
import { LineItem } from './ui/line-item';

/**
 * The lines a customer bought, products then combos, each with its quantity: the same list on the order's own page
 * and in the purchase history.
 */
export function OrderLineItems({
  order,
  className = '',
}: {
  order: Pick<OrderJson, 'orderProducts' | 'orderCombos'>;
  className?: string;
}) {
  const lines = [
    ...order.orderProducts.map((l) => ({ key: `p${l.orderProductId}`, ...l, detail: `Cantidad: ${l.quantity}` })),
    ...order.orderCombos.map((l) => ({ key: `c${l.orderComboId}`, ...l, detail: `Combo · Cantidad: ${l.quantity}` })),
  ];
  return (
    <ul className={`divide-y divide-sand ${className}`.trim()}>
      {lines.map((line) => (
        <LineItem
          key={line.key}
          imageUrl={line.imageUrl}
          name={line.name}
          detail={line.detail}
          amount={line.subtotal}
        />
      ))}
    </ul>
  );
}
