import {
  SERVICES,
  APPS,
  PORTS,
  ADMIN_COMMANDS,
  kinds,
  egressPorts,
  ingressFrom,
  appLabels,
  store,
  useRenderedOverlays,
} from './k8s/rendered';

/** Network policies: default deny, and exactly the paths the architecture names. */

const overlays = useRenderedOverlays();

describe('network policies', () => {
  it('deny everything by default and let every pod resolve names', () => {
    for (const r of overlays.rendered) {
      const policies = kinds(r, 'NetworkPolicy');
      const deny = policies.find((p) => p.metadata.name === 'default-deny');
      expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
      const dns = policies.find((p) => p.metadata.name === 'allow-dns');
      expect(dns?.spec.podSelector).toEqual({});
      expect(dns?.spec.egress[0].ports).toContainEqual({ protocol: 'UDP', port: 53 });
    }
  });

  it('let the ingress controller reach only the gateway, and the gateway every service', () => {
    for (const r of overlays.rendered) {
      expect(ingressFrom(r, 'gateway')).toEqual(['namespace:ingress-nginx']);
      for (const s of SERVICES) {
        expect([r.name, s, egressPorts(r, appLabels('gateway'), appLabels(s))]).toEqual([
          r.name,
          s,
          [PORTS[s]],
        ]);
        const callers = ingressFrom(r, s).sort();
        expect([s, callers]).toEqual([s, s === 'admin' ? ['gateway'] : ['admin', 'gateway']]);
      }
      expect(egressPorts(r, appLabels('gateway'), store('mongodb'))).toEqual([]);
      expect(egressPorts(r, appLabels('gateway'), store('redis'))).toEqual([6379]);
    }
  });

  it('let each service reach only its data stores and Kafka, and admin the services it commands', () => {
    for (const r of overlays.rendered) {
      for (const s of SERVICES) {
        const reach = (to: Record<string, string>) => egressPorts(r, appLabels(s), to);
        expect([s, reach(store('mongodb')), reach(store('kafka')), reach(store('redis'))]).toEqual([
          s,
          [27017],
          [9092],
          [6379],
        ]);
        expect([s, reach(store('meilisearch'))]).toEqual([s, s === 'search' ? [7700] : []]);
        for (const other of APPS.filter((a) => a !== s)) {
          const allowed = s === 'admin' && other !== 'gateway' ? [PORTS[other]] : [];
          expect([s, other, reach(appLabels(other))]).toEqual([s, other, allowed]);
        }
      }
      for (const target of ADMIN_COMMANDS) {
        expect(egressPorts(r, appLabels('admin'), appLabels(target))).toEqual([PORTS[target]]);
      }
    }
  });
});
