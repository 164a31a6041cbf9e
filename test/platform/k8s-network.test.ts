import {
  SERVICES,
  APPS,
  PORTS,
  METRICS_PORTS,
  ADMIN_COMMANDS,
  kinds,
  egressPorts,
  ingressFrom,
  appLabels,
  store,
  useRenderedOverlays,
  type Obj,
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
      expect(ingressFrom(r, 'gateway', PORTS.gateway)).toEqual(['namespace:ingress-nginx']);
      for (const s of SERVICES) {
        expect([r.name, s, egressPorts(r, appLabels('gateway'), appLabels(s))]).toEqual([
          r.name,
          s,
          [PORTS[s]],
        ]);
        const callers = ingressFrom(r, s, PORTS[s]).sort();
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
          // Admin commands and checks the services on their ports and reads every metrics port.
          const allowed =
            s !== 'admin'
              ? []
              : other === 'gateway'
                ? [METRICS_PORTS.gateway]
                : [PORTS[other], METRICS_PORTS[other]];
          expect([s, other, reach(appLabels(other))]).toEqual([s, other, allowed]);
        }
      }
      for (const target of ADMIN_COMMANDS) {
        expect(egressPorts(r, appLabels('admin'), appLabels(target))).toEqual([
          PORTS[target],
          METRICS_PORTS[target],
        ]);
      }
    }
  });

  it('let only the admin service and Prometheus reach the metrics ports, never the ingress or the gateway', () => {
    for (const r of overlays.rendered) {
      const prometheus = kinds(r, 'PodMonitor').some(
        (p) => p.metadata.name === 'swapbooth-services',
      );
      for (const app of APPS) {
        const callers = ingressFrom(r, app, METRICS_PORTS[app]).sort();
        expect([r.name, app, callers]).toEqual([
          r.name,
          app,
          [...(app === 'admin' ? [] : ['admin']), ...(prometheus ? ['namespace:monitoring'] : [])],
        ]);
        if (app !== 'gateway') {
          expect(egressPorts(r, appLabels('gateway'), appLabels(app))).not.toContain(
            METRICS_PORTS[app],
          );
        }
      }
      const ingress = kinds(r, 'Ingress').flatMap((i) =>
        (i.spec.rules ?? []).flatMap((rule: Obj) => rule.http?.paths ?? []),
      );
      for (const path of ingress) expect(path.backend.service.port).toEqual({ name: 'http' });
    }
  });
});
