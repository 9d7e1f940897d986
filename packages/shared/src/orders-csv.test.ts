import { describe, expect, it } from 'vitest';
import { ordersCsv, ordersCsvFileName } from './orders-csv.js';
import { orderJson } from './test-support/order-json.js';

const order = orderJson;

describe('orders as CSV', () => {
  it('starts with a BOM, has Spanish headers, two-decimal amounts and Honduras dates a spreadsheet reads, one CRLF line per order', () => {
    const csv = ordersCsv([order({})]);
    expect(csv).toBe(
      '\uFEFFOrden,Fecha,Estado,Cliente,Correo,Teléfono,Departamento,Ciudad,Dirección,Pago,Artículos,Subtotal,Envío,Total\r\n' +
        '7,2026-11-22 23:30,Pagado,María José Núñez,maria@correo.hn,99887766,Cortés,San Pedro Sula,' +
        '"Col. Trejo, casa 12",Transferencia bancaria,2 × Pelota sensorial,1234.50,80.00,1314.50\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and keeps formula-looking text as text', () => {
    const csv = ordersCsv([
      order({ customerName: 'Ana "la tía", Pérez', address: 'Casa azul\ncerca del parque', phone: '=HYPERLINK("x")' }),
      order({ orderId: 8, customerName: '@suma', city: '+504', department: '-1' }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[1]).toContain(',"Ana ""la tía"", Pérez",');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(lines[1]).toContain(',"Casa azul\ncerca del parque",');
    expect(lines[2]).toContain(",'@suma,");
    expect(lines[2]).toContain(",'-1,'+504,");
  });

  it('is named after the Honduras day', () => {
    expect(ordersCsvFileName(new Date('2026-11-23T05:30:00.000Z'))).toBe('pedidos-2026-11-22.csv');
  });
});
