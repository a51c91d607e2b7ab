/**
 * Monitoring of the stack (docs/operate-production.md, "Monitoring"): Debian's Prometheus and Alertmanager from the
 * repository's configuration (deploy/prometheus/), HAProxy's built-in exporter, and the exporters of Varnish and
 * PostgreSQL.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { fillTemplate } from './edge.mjs';

/** What deploy/prometheus's placeholders stand for. */
function monitoringValues(ports, { dir, adminMail }) {
  return {
    PROMETHEUS_PORT: ports.prometheus,
    ALERTMANAGER_PORT: ports.alertmanager,
    METRICS_TOKEN_FILE: path.join(dir, 'metrics-token'),
    RENDER_1_PORT: ports.render1,
    RENDER_2_PORT: ports.render2,
    API_1_PORT: ports.api1,
    API_2_PORT: ports.api2,
    BALANCER_METRICS_PORT: ports.balancerMetrics,
    CACHE_EXPORTER_PORT: ports.cacheExporter,
    DATABASE_EXPORTER_PORT: ports.databaseExporter,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: ports.mail,
    ADMIN_MAIL: adminMail,
  };
}

/**
 * The admins' receiver also posts every alert to the API's relay, with the monitoring's token, which signs it on to
 * RELEASE_WEBHOOK_URL (docs/operations.md, "Alerts": Alertmanager cannot sign with the site's secret).
 */
function withAlertRelay(text, { url, tokenFile }) {
  const config = parseDocument(text);
  const admins = config.get('receivers').items.find((receiver) => receiver.get('name') === 'admins');
  const webhook = { url, send_resolved: true, max_alerts: 100, http_config: { authorization: { type: 'Bearer', credentials_file: tokenFile } } };
  admins.set('webhook_configs', config.createNode([webhook]));
  return config.toString({ lineWidth: 0 });
}

/**
 * deploy/prometheus filled in under `dir`: prometheus.yml, alertmanager.yml, the rules, and the scrapes' token file.
 * `alertRelay` is the API's POST /monitoring/alerts when RELEASE_WEBHOOK_URL is set; without it, alerts are mailed only.
 */
export function writeMonitoringConfig(root, dir, { ports, metricsToken, adminMail, alertRelay = null }) {
  const from = path.join(root, 'deploy', 'prometheus');
  mkdirSync(dir, { recursive: true });
  const values = monitoringValues(ports, { dir, adminMail });
  writeFileSync(path.join(dir, 'prometheus.yml'), fillTemplate(readFileSync(path.join(from, 'prometheus.yml'), 'utf8'), values));
  const alertmanager = fillTemplate(readFileSync(path.join(from, 'alertmanager.yml'), 'utf8'), values);
  writeFileSync(
    path.join(dir, 'alertmanager.yml'),
    alertRelay ? withAlertRelay(alertmanager, { url: alertRelay, tokenFile: values.METRICS_TOKEN_FILE }) : alertmanager,
  );
  cpSync(path.join(from, 'rules'), path.join(dir, 'rules'), { recursive: true });
  writeFileSync(values.METRICS_TOKEN_FILE, metricsToken, { mode: 0o600 });
  return { prometheus: path.join(dir, 'prometheus.yml'), alertmanager: path.join(dir, 'alertmanager.yml') };
}

/** A mail Alertmanager could not send: shown in the stack's terminal. */
const NOT_SENT = /Notify for alerts failed/;

/**
 * Prometheus and Alertmanager, and the exporters of the cache and the database; each part's address is returned for
 * the stack's list of parts. `cacheDir` is Varnish's working folder (its statistics live there).
 */
export function startMonitoring(supervisor, { root, siteDir, ports, metricsToken, adminMail, alertRelay, databaseUrl, cacheDir }) {
  const dir = path.join(siteDir, 'monitoring');
  const files = writeMonitoringConfig(root, dir, { ports, metricsToken, adminMail, alertRelay });
  const at = (port) => `127.0.0.1:${port}`;
  const cacheExporter = supervisor.startChild(
    'cache-exporter',
    '/usr/bin/prometheus-varnish-exporter',
    ['-n', cacheDir, '-web.listen-address', at(ports.cacheExporter), '-raw'],
    { cwd: siteDir, ports: [ports.cacheExporter], env: {} },
  );
  const databaseExporter = supervisor.startChild(
    'database-exporter',
    '/usr/bin/prometheus-postgres-exporter',
    [`--web.listen-address=${at(ports.databaseExporter)}`],
    { cwd: siteDir, ports: [ports.databaseExporter], env: { DATA_SOURCE_NAME: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}sslmode=disable` } },
  );
  const alertmanager = supervisor.startChild(
    'alertmanager',
    '/usr/bin/prometheus-alertmanager',
    [
      `--config.file=${files.alertmanager}`,
      `--storage.path=${path.join(dir, 'alertmanager')}`,
      `--web.listen-address=${at(ports.alertmanager)}`,
      '--cluster.listen-address=',
    ],
    { cwd: dir, ports: [ports.alertmanager], env: {}, notable: NOT_SENT },
  );
  const prometheus = supervisor.startChild(
    'prometheus',
    '/usr/bin/prometheus',
    [
      `--config.file=${files.prometheus}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=${at(ports.prometheus)}`,
      // A traced request's duration names its trace (docs/operations.md, "Traces").
      '--enable-feature=exemplar-storage',
    ],
    { cwd: dir, ports: [ports.prometheus], env: {} },
  );
  return [
    ['cache-exporter', `http://${at(ports.cacheExporter)}`, cacheExporter, '/metrics'],
    ['database-exporter', `http://${at(ports.databaseExporter)}`, databaseExporter, '/metrics'],
    ['alertmanager', `http://${at(ports.alertmanager)}`, alertmanager, '/-/ready'],
    ['prometheus', `http://${at(ports.prometheus)}`, prometheus, '/-/ready'],
  ];
}

/** Says in the terminal each alert that starts or stops firing (Prometheus's /api/v1/alerts, every few seconds); returns the stop. */
export function watchAlerts(prometheusUrl, log, everyMs = 5_000) {
  let firing = new Map();
  const name = (alert) =>
    `${alert.labels.alertname}${alert.labels.instance ? ` (${alert.labels.instance})` : alert.labels.remote ? ` (${alert.labels.remote})` : ''}`;
  const look = async () => {
    try {
      const response = await fetch(`${prometheusUrl}/api/v1/alerts`, { signal: AbortSignal.timeout(everyMs) });
      const now = new Map(
        ((await response.json()).data?.alerts ?? []).filter((alert) => alert.state === 'firing').map((alert) => [JSON.stringify(alert.labels), alert]),
      );
      for (const [key, alert] of now) if (!firing.has(key)) log(`[alert] firing: ${name(alert)}: ${alert.annotations?.summary ?? ''}`);
      for (const [key, alert] of firing) if (!now.has(key)) log(`[alert] resolved: ${name(alert)}`);
      firing = now;
    } catch {
      // Prometheus not responding is an alert of its own (PartDown, from the other parts' view) once it is back.
    }
  };
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
