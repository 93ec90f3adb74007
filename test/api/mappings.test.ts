import { api, putGlobalMapping } from '../support/api-client';
import { sql } from '../support/inspect';

describe('global mapping API', () => {
  it('stores and returns the rules, normalised as the UI does', async () => {
    const res = await api()
      .put('/api/mappings/global')
      .send({
        manualMapping: { ma: '2', gm: ' 3 ', name: '', minQty: 6, step: null },
        priceToTemplate: { '6': 5, '8': '0', '0': 4, '9': '11' },
        priceKeys: { ma: '2', gm: 0 },
      })
      .expect(200);
    const expected = {
      manualMapping: { ma: 2, gm: 3, name: 0, minQty: 6, step: 0 },
      priceToTemplate: { '6': 5, '9': 11 },
      priceKeys: { ma: 2, gm: 0 },
    };
    expect(res.body).toEqual(expected);
    expect((await api().get('/api/mappings/global').expect(200)).body).toEqual(expected);
    const rows = await sql('SELECT * FROM global_rules');
    expect(rows).toHaveLength(1);
  });

  it('keeps a part the body leaves out (the spec sends only manualMapping and priceToTemplate)', async () => {
    await putGlobalMapping({ manualMapping: { ma: 1, gm: 2, name: 3, minQty: 4, step: 5 }, priceToTemplate: { '1': 1 }, priceKeys: { ma: 3, gm: 4 } });
    const res = await api().put('/api/mappings/global').send({ manualMapping: { ma: 7, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {} }).expect(200);
    expect(res.body).toEqual({ manualMapping: { ma: 7, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 3, gm: 4 } });
  });

  it.each([
    [{ manualMapping: { ma: -1 } }, 'manualMapping.ma'],
    [{ manualMapping: { ma: 16385 } }, 'manualMapping.ma'],
    [{ manualMapping: { gm: 2.5 } }, 'manualMapping.gm'],
    [{ manualMapping: { name: true } }, 'manualMapping.name'],
    [{ priceToTemplate: { '3': 99999 } }, 'priceToTemplate.3'],
    [{ priceToTemplate: { '20000': 3 } }, 'priceToTemplate.20000'],
    [{ priceToTemplate: [1, 2] }, 'priceToTemplate'],
    [{ priceKeys: { ma: 'x', gm: -4 } }, 'priceKeys.ma'],
  ])('rejects %j with 400 naming %s and keeps the saved rules', async (body, field) => {
    const saved = await putGlobalMapping({ manualMapping: { ma: 1, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 0, gm: 0 } });
    const res = await api().put('/api/mappings/global').send(body).expect(400);
    expect(res.body.error).toContain(`«${field}»`);
    expect((await api().get('/api/mappings/global')).body).toEqual(saved);
  });
});
