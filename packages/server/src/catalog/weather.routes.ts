import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Coordinates, WeatherResponse } from '@hearth/protocol';
import { errors } from '../errors';
import {
  GEOCODER_UNAVAILABLE,
  PlaceNotFoundError,
  UpstreamError,
  WEATHER_UNAVAILABLE,
} from './provider-errors';
import type { Geocoder } from './geocoder';
import { getLocationInfo } from './location-data';
import type { WeatherService } from './weather';

const placeField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : undefined) })
  .trim()
  .min(1, 'is required')
  .max(100);

const weatherQuery = z.object({
  city: placeField,
  postal_code: placeField,
  country: placeField,
  // The app also sends these; the forecast does not depend on them.
  lang: z.string().max(10).optional(),
  t: z.string().max(20).optional(),
  key: z.string().max(200).optional(),
});

const coordinatesQuery = z.object({
  country: placeField,
  state: placeField,
  city: placeField,
  zip: placeField,
});

/** Provider failures become the 502 the app shows as a data-update error; never a 500. */
function providerFailure(error: unknown, unavailableMessage: string): never {
  if (error instanceof PlaceNotFoundError) throw errors.notFound('place not found');
  if (error instanceof UpstreamError) throw errors.badGateway(unavailableMessage);
  throw error;
}

export async function weatherRoutes(
  app: FastifyInstance,
  weather: WeatherService,
  geocoder: Geocoder,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/webapp/v2/weather/',
    {
      schema: {
        tags: ['config'],
        summary: 'Current weather and daily forecast of a place',
        querystring: weatherQuery,
      },
    },
    async (request, reply): Promise<WeatherResponse> => {
      const { city, postal_code: postalCode, country } = request.query;
      try {
        const answer = await weather.forPlace({ city, postalCode, country });
        return await reply.send(answer);
      } catch (error) {
        if (error instanceof UpstreamError)
          request.log.warn({ err: error }, 'weather provider failed');
        return providerFailure(error, WEATHER_UNAVAILABLE);
      }
    },
  );

  routes.get(
    '/api/location/v1/info',
    { schema: { tags: ['config'], summary: 'Regions, time zones and postcode formats' } },
    async () => getLocationInfo(),
  );

  routes.get(
    '/api/location/v1/coordinates',
    {
      schema: {
        tags: ['config'],
        summary: 'Approximate coordinates of an address',
        querystring: coordinatesQuery,
      },
    },
    async (request): Promise<Coordinates> => {
      try {
        return await geocoder.locate(request.query);
      } catch (error) {
        if (error instanceof UpstreamError) request.log.warn({ err: error }, 'geocoder failed');
        return providerFailure(error, GEOCODER_UNAVAILABLE);
      }
    },
  );
}
