import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VesselCodeParams } from '../../../../common/contracts/fleet';
import { type InspectionPack, PACK_DIGEST_HEADER } from '../../../../common/contracts/inspection';
import { DocumentWorkError } from '../../documents/worker-pool';
import { contentDisposition } from '../../files/send-file';
import { HttpError } from '../../http/errors';
import { ERROR_ANSWERS } from '../../http/responses';
import { auditPackMade, gatherInspectionPack, packJson } from './inspection.service';
import { packCsvFiles } from './pack-csv.service';

export const PACK_FAILED_MESSAGE = 'The inspection pack could not be made; try again';

/** `inspection-pack-SEA1-2026-11-29T144200Z.pdf`: the vessel and the moment, in a file name. */
const fileName = (pack: InspectionPack, ext: string) => `inspection-pack-${pack.vessel.code}-${pack.madeAt.slice(0, 19).replace(/:/g, '')}Z.${ext}`;

/** Every pack answer: never cached, with the SHA-256 of its pack.json. */
const withDigest = (reply: FastifyReply, type: string, sha256: string) =>
  reply.header('content-type', type).header('cache-control', 'no-store').header(PACK_DIGEST_HEADER, sha256);

const download = (reply: FastifyReply, type: string, name: string, sha256: string) =>
  withDigest(reply, type, sha256).header('content-disposition', contentDisposition(name));

/** The ZIP of CSVs, streamed as it is compressed: pack.json, one CSV per section and manifest.csv. */
function packZip(pack: InspectionPack, json: Buffer, sha256: string): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const add = (name: string, bytes: Uint8Array, compress = true) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    file.mtime = new Date(pack.madeAt);
    zip.add(file);
    file.push(bytes, true);
  };
  setImmediate(() => {
    for (const file of packCsvFiles(pack, json, sha256)) add(file.name, file.bytes);
    zip.end();
  });
  return out;
}

export const inspectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const gather = (actor: Parameters<typeof gatherInspectionPack>[1], code: string) => gatherInspectionPack(app.db, actor, app.instance, app.fleetLink, code);

  app.get(
    '/api/fleet/vessels/:code/inspection-pack',
    { schema: { params: VesselCodeParams, response: ERROR_ANSWERS }, config: { access: 'fleet.inspection' } },
    async (request, reply) => {
      const pack = await gather(request.actor, request.params.code);
      const { bytes, sha256 } = packJson(pack);
      let pdf: Uint8Array;
      try {
        ({ pdf } = await app.documentWorkers.run('inspection', { pack, json: bytes, sha256 }));
      } catch (err) {
        if (!(err instanceof DocumentWorkError)) throw err;
        request.log.error({ err, vessel: pack.vessel.code }, 'inspection pack not made');
        throw new HttpError(503, PACK_FAILED_MESSAGE);
      }
      await auditPackMade(app.db, request.actor, pack.vessel.code, 'pdf', sha256);
      return download(reply, 'application/pdf', fileName(pack, 'pdf'), sha256).send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.get(
    '/api/fleet/vessels/:code/inspection-pack.zip',
    { schema: { params: VesselCodeParams, response: ERROR_ANSWERS }, config: { access: 'fleet.inspection' } },
    async (request, reply) => {
      const pack = await gather(request.actor, request.params.code);
      const { bytes, sha256 } = packJson(pack);
      await auditPackMade(app.db, request.actor, pack.vessel.code, 'zip', sha256);
      return download(reply, 'application/zip', fileName(pack, 'zip'), sha256).send(packZip(pack, bytes, sha256));
    },
  );

  /** The pack's data as its digest is taken of: the exact bytes of pack.json. */
  app.get(
    '/api/fleet/vessels/:code/inspection-pack.json',
    { schema: { params: VesselCodeParams, response: ERROR_ANSWERS }, config: { access: 'fleet.inspection' } },
    async (request, reply) => {
      const pack = await gather(request.actor, request.params.code);
      const { bytes, sha256 } = packJson(pack);
      await auditPackMade(app.db, request.actor, pack.vessel.code, 'json', sha256);
      return withDigest(reply, 'application/json; charset=utf-8', sha256).send(bytes);
    },
  );
};
