import { geocodeUrl, parseGeocode } from '../../providers/geocoding';

describe('address search through the Geocoding service', () => {
  it('asks with spaces as + and the key, in English', () => {
    expect(geocodeUrl(' 98 Pratt  Street, London ', 'KEY')).toBe(
      'https://maps.googleapis.com/maps/api/geocode/json?address=98+Pratt+Street%2C+London&key=KEY&language=en',
    );
  });

  it('reads the formatted address, the postal code and the position of each result', () => {
    const answer = {
      status: 'OK',
      results: [
        {
          formatted_address: '98 Pratt St, London NW1 7HJ, UK',
          address_components: [
            { long_name: '98', types: ['street_number'] },
            { long_name: 'NW1 7HJ', types: ['postal_code'] },
          ],
          geometry: { location: { lat: 51.5386, lng: -0.1399 } },
        },
        { formatted_address: 'London, UK', address_components: [], geometry: { location: { lat: 51.5072, lng: -0.1276 } } },
        { formatted_address: 'no position' },
      ],
    };
    expect(parseGeocode(answer)).toEqual([
      { formatted_address: '98 Pratt St, London NW1 7HJ, UK', postcode: 'NW1 7HJ', lat: 51.5386, lng: -0.1399 },
      { formatted_address: 'London, UK', postcode: null, lat: 51.5072, lng: -0.1276 },
    ]);
  });

  it('gives no suggestions for a refused or empty answer', () => {
    expect(parseGeocode({ status: 'REQUEST_DENIED', results: [] })).toEqual([]);
    expect(parseGeocode({ status: 'ZERO_RESULTS', results: [] })).toEqual([]);
    expect(parseGeocode(null)).toEqual([]);
  });
});
