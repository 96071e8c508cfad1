export { LocationPicker } from './LocationPicker';
export { useLocations } from './useLocations';
export {
  activeLocations, restaurantIdsOf, type LocationArea, type LocationSelection,
} from './locations';
