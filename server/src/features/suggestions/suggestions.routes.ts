import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateSuggestionInput,
  Suggestion,
  SuggestionIdParams,
  SuggestionSopParams,
  SuggestionList,
  SuggestionQuery,
  TriageSuggestionInput,
} from '../../../../common/contracts/suggestions';
import { sendCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import { linksFor } from '../mail/notify.service';
import { createSuggestion, listSuggestions, SUGGESTION_CSV_HEADER, suggestionCsvRows, triageSuggestion } from './suggestions.service';

/** Suggestions for change (decision 079): made on a version in force, ashore or on board; triaged at the office. */
export const suggestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sops/:id/suggestions',
    { schema: { params: SuggestionSopParams, body: CreateSuggestionInput, response: answers({ 201: Suggestion }) }, config: { access: 'suggestions.make' } },
    async (request, reply) => reply.status(201).send(await createSuggestion(app.db, request.actor, app.instance, request.params.id, request.body)),
  );

  app.get(
    '/api/suggestions',
    { schema: { querystring: SuggestionQuery, response: answers({ 200: SuggestionList }) }, config: { access: 'sop.read' } },
    async (request) => listSuggestions(app.db, request.actor, app.instance, request.query),
  );

  app.get(
    '/api/suggestions.csv',
    { schema: { querystring: SuggestionQuery, response: ERROR_ANSWERS }, config: { access: 'sop.read' } },
    async (request, reply) =>
      sendCsv(reply, 'suggestions', SUGGESTION_CSV_HEADER, suggestionCsvRows(await listSuggestions(app.db, request.actor, app.instance, request.query))),
  );

  app.put(
    '/api/suggestions/:id',
    { schema: { params: SuggestionIdParams, body: TriageSuggestionInput, response: answers({ 200: Suggestion }) }, config: { access: 'suggestions.triage' } },
    async (request) => triageSuggestion(app.db, request.actor, app.instance, request.params.id, request.body, linksFor(app.notifier, request)),
  );
};
