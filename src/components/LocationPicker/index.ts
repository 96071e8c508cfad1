export { LocationPicker, type LocationPickerProps } from './LocationPicker';
export { useLocations } from './useLocations';
export {
  activeLocations, locationOptions, restaurantIdsOf, type LocationArea, type LocationKind, type LocationRestaurant, type LocationSelection,
} from './locations';
