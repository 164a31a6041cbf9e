export {
  EARTH_RADIUS_MILES,
  METRES_PER_MILE,
  haversineMiles,
  haversineMilesBetween,
  isValidPoint,
  roundMiles,
  type GeoPoint,
} from './haversine';
export { zipToPoint, type ZipPoint } from './zip';
