// What the HTTP helpers say in German: the descriptions of the error statuses and the sentences beside the violations.
import type { HttpWording } from './wording.js';

export const http: HttpWording = {
  statuses: {
    400: 'Die Anfrage verletzt die Spezifikation: ungültiger Inhalt, fehlerhaftes JSON oder ungültiger Abfrageparameter.',
    401: 'Die Zugangsdaten fehlen oder sind ungültig: senden Sie ein OAuth-2.0-Bearer-Token.',
    403: 'Die Zugangsdaten berechtigen nicht zu dieser Operation.',
    404: 'Unter diesem Pfad gibt es keine Ressource.',
    405: 'Dieser Pfad erlaubt diese Methode nicht; der Allow-Header nennt die erlaubten.',
    406: 'Der Accept-Header lässt keinen Medientyp zu, mit dem diese API antwortet (application/json).',
    408: 'Der Inhalt ist nicht rechtzeitig angekommen.',
    409: 'Die Anfrage steht im Widerspruch zum aktuellen Zustand der Ressource.',
    413: 'Der Inhalt ist größer, als der Server annimmt.',
    415: 'Der Inhalt muss als application/json (Zeichensatz utf-8) gesendet werden.',
    422: 'Die Anfrage kann nicht verarbeitet werden.',
    429: 'Zu viele Anfragen: versuchen Sie es später erneut.',
    500: 'Der Server konnte die Anfrage nicht verarbeiten.',
    501: 'Der Server unterstützt diese Operation nicht.',
    503: 'Der Dienst ist nicht verfügbar: versuchen Sie es später erneut.',
  },
  tooLarge: (limit) => `Der Inhalt ist größer als ${limit} Bytes, die Grenze dieses Servers.`,
  readAlready: 'Der Inhalt der Anfrage wurde schon von einem anderen Teil des Servers gelesen.',
  aborted: 'Die Anfrage wurde abgebrochen.',
  ruleFailed: (rule) => `Die Regel ${rule} ist fehlgeschlagen und konnte die Eingabe nicht prüfen.`,
  repeatedHeader: (header) => `Der Header ${header} wird mehrfach gesendet: senden Sie ihn nur einmal.`,
  contentCoding: 'Der Inhalt muss ohne Inhaltskodierung gesendet werden (Content-Encoding: identity).',
  idempotencyKey: {
    syntax: () => 'Idempotency-Key muss in Anführungszeichen stehen: Idempotency-Key: "…".',
    empty: () => 'Idempotency-Key ist leer.',
    too_long: (max) => `Idempotency-Key ist länger als ${max} Zeichen.`,
  },
  idempotencyRunning: 'Eine Anfrage mit diesem Idempotency-Key wird noch verarbeitet: später erneut senden.',
  idempotencyReused: 'Dieser Idempotency-Key kam mit anderem Inhalt: neuen Schlüssel verwenden.',
  createTimedOut:
    'Keine Antwort in der Zeit; die Anfrage wurde womöglich angenommen: mit demselben Idempotency-Key erneut senden.',
  createTimedOutUnkeyed: (keys) =>
    `Keine Antwort in der Zeit; die Anfrage wurde womöglich angenommen: prüfen Sie das, bevor Sie sie erneut senden.${keys ? ' Mit einem Idempotency-Key gesendet, wird eine Anlage einmal beantwortet, wie oft sie auch wiederholt wird.' : ''}`,
  causes: {
    order: 'Der Produktauftrag im Inhalt verletzt die Spezifikation.',
    change: 'Der Änderungsauftrag im Inhalt verletzt die Spezifikation.',
    event: 'Das Ereignis im Inhalt verletzt die Spezifikation.',
    json: 'Der Inhalt ist kein gültiges JSON.',
    query: 'Ein Abfrageparameter ist ungültig.',
    body: 'Der Inhalt verletzt die Spezifikation.',
    path: 'Der Pfad ist ungültig: eine %-Kodierung darin ist kein UTF-8.',
  },
  notListed: (more, stopped) =>
    `(${stopped ? 'mindestens ' : ''}${more} ${more === 1 ? 'weiterer Verstoß' : 'weitere Verstöße'} nicht aufgeführt)`,
};
