/**
 * Places, businesses and people for the seeds. Telephone numbers are in Ofcom's ranges reserved for
 * drama (020 7946 0xxx, 0161 496 0xxx, 07700 900xxx ...) and e-mail addresses use the reserved .test
 * domain, so nothing in the demo can reach a real person.
 */

export interface CitySeed {
  name: string;
  lat: number;
  lng: number;
  /** Area code and exchange of the drama range, e.g. '020 7946 0' + 3 digits. */
  phone: string;
  /** Outward postcode districts to draw from. */
  postcodes: string[];
}

export const CITIES: CitySeed[] = [
  { name: 'London', lat: 51.5074, lng: -0.1278, phone: '020 7946 0', postcodes: ['NW1', 'N1', 'E8', 'SE10', 'BR1'] },
  { name: 'Manchester', lat: 53.4808, lng: -2.2426, phone: '0161 496 0', postcodes: ['M1', 'M4', 'M5'] },
  { name: 'Birmingham', lat: 52.4862, lng: -1.8904, phone: '0121 496 0', postcodes: ['B1', 'B5'] },
  { name: 'Leeds', lat: 53.8008, lng: -1.5491, phone: '0113 496 0', postcodes: ['LS1', 'LS2'] },
  { name: 'Bristol', lat: 51.4545, lng: -2.5879, phone: '0117 496 0', postcodes: ['BS1', 'BS8'] },
];

/** More cities for the benchmark dataset (drama-range numbers where Ofcom has one, else 01632 960). */
export const MORE_CITIES: CitySeed[] = [
  { name: 'Liverpool', lat: 53.4084, lng: -2.9916, phone: '0151 496 0', postcodes: ['L1', 'L2', 'L3', 'L8'] },
  { name: 'Sheffield', lat: 53.3811, lng: -1.4701, phone: '0114 496 0', postcodes: ['S1', 'S2', 'S3', 'S10'] },
  { name: 'Nottingham', lat: 52.9548, lng: -1.1581, phone: '0115 496 0', postcodes: ['NG1', 'NG2', 'NG7'] },
  { name: 'Glasgow', lat: 55.8642, lng: -4.2518, phone: '0141 496 0', postcodes: ['G1', 'G2', 'G3', 'G12'] },
  { name: 'Edinburgh', lat: 55.9533, lng: -3.1883, phone: '0131 496 0', postcodes: ['EH1', 'EH2', 'EH3', 'EH8'] },
  { name: 'Cardiff', lat: 51.4816, lng: -3.1791, phone: '029 2018 0', postcodes: ['CF10', 'CF11', 'CF24'] },
  { name: 'Newcastle upon Tyne', lat: 54.9783, lng: -1.6178, phone: '0191 498 0', postcodes: ['NE1', 'NE2', 'NE4'] },
  { name: 'Leicester', lat: 52.6369, lng: -1.1398, phone: '0116 496 0', postcodes: ['LE1', 'LE2', 'LE3'] },
  { name: 'Southampton', lat: 50.9097, lng: -1.4044, phone: '023 8049 6', postcodes: ['SO14', 'SO15', 'SO17'] },
  { name: 'Brighton', lat: 50.8225, lng: -0.1372, phone: '01632 960', postcodes: ['BN1', 'BN2', 'BN3'] },
];

export interface AreaSeed {
  name: string;
  city: string;
  lat: number;
  lng: number;
  postcode: string;
  streets: string[];
  standard: number;
  weekend: number;
}

export const AREAS: AreaSeed[] = [
  { name: 'Camden', city: 'London', lat: 51.539, lng: -0.1426, postcode: 'NW1', streets: ['Camden High Street', 'Parkway', 'Chalk Farm Road', 'Kentish Town Road', 'Pratt Street'], standard: 12.0, weekend: 13.5 },
  { name: 'Islington', city: 'London', lat: 51.5362, lng: -0.1033, postcode: 'N1', streets: ['Upper Street', 'Essex Road', 'Caledonian Road', 'Liverpool Road', 'Cross Street'], standard: 12.0, weekend: 13.5 },
  { name: 'Hackney', city: 'London', lat: 51.545, lng: -0.0553, postcode: 'E8', streets: ['Mare Street', 'Kingsland Road', 'Dalston Lane', 'Well Street', 'Broadway Market'], standard: 11.75, weekend: 13.25 },
  { name: 'Greenwich', city: 'London', lat: 51.4826, lng: -0.0077, postcode: 'SE10', streets: ['Greenwich High Road', 'Trafalgar Road', 'Greenwich Church Street', 'Royal Hill', 'Blackheath Road'], standard: 11.5, weekend: 13.0 },
  { name: 'Bromley', city: 'London', lat: 51.406, lng: 0.015, postcode: 'BR1', streets: ['High Street', 'Widmore Road', 'Masons Hill', 'East Street', 'Beckenham Lane'], standard: 11.25, weekend: 12.75 },
  { name: 'Manchester City Centre', city: 'Manchester', lat: 53.4794, lng: -2.2453, postcode: 'M1', streets: ['Oldham Street', 'Portland Street', 'Deansgate', 'Thomas Street', 'Princess Street'], standard: 11.0, weekend: 12.5 },
  { name: 'Salford', city: 'Manchester', lat: 53.4875, lng: -2.2901, postcode: 'M5', streets: ['Chapel Street', 'Eccles New Road', 'Broad Street', 'Trafford Road'], standard: 10.75, weekend: 12.0 },
  { name: 'Birmingham Central', city: 'Birmingham', lat: 52.4797, lng: -1.9026, postcode: 'B1', streets: ['Broad Street', 'Hurst Street', 'Digbeth High Street', 'John Bright Street', 'Corporation Street'], standard: 11.0, weekend: 12.25 },
  { name: 'Leeds City Centre', city: 'Leeds', lat: 53.7997, lng: -1.5492, postcode: 'LS1', streets: ['Briggate', 'Call Lane', 'Kirkgate', 'Boar Lane', 'Merrion Street'], standard: 10.75, weekend: 12.0 },
  { name: 'Bristol Harbourside', city: 'Bristol', lat: 51.452, lng: -2.5973, postcode: 'BS1', streets: ['Park Street', 'Baldwin Street', 'Stokes Croft', 'Whiteladies Road', 'North Street'], standard: 11.25, weekend: 12.5 },
];

/** The restaurant groups that own several restaurants and log in as one restaurant account. */
export const GROUPS = {
  pizzaPalace: { name: 'Pizza Palace Ltd', email: 'restaurant@demo.test' },
  spiceRoute: { name: 'Spice Route Group', email: 'spiceroute@demo.test' },
  goldenWok: { name: 'Golden Wok Ltd', email: 'goldenwok@demo.test' },
} as const;
export type GroupKey = keyof typeof GROUPS;

/** How a restaurant usually staffs a day; the seeds add or drop a shift here and there. */
export type ShiftPattern = 'dinner' | 'lunchDinner' | 'dinnerLate' | 'lunch' | 'busy';

export interface RestaurantSeed {
  name: string;
  area: string;
  group?: GroupKey;
  inactive?: boolean;
  standardPay?: number;
  weekendPay?: number;
  comission?: number;
  bookingFee?: number;
  pattern: ShiftPattern;
}

export const RESTAURANTS: RestaurantSeed[] = [
  { name: 'Pizza Palace Camden', area: 'Camden', group: 'pizzaPalace', standardPay: 12.5, weekendPay: 14.0, comission: 1.75, pattern: 'busy' },
  { name: 'Bombay Spice', area: 'Camden', pattern: 'lunchDinner' },
  { name: 'The Burger Shack', area: 'Camden', pattern: 'dinnerLate' },
  { name: 'Sushi Kaito', area: 'Camden', pattern: 'dinner' },
  { name: 'Pizza Palace Islington', area: 'Islington', group: 'pizzaPalace', pattern: 'lunchDinner' },
  { name: 'Golden Dragon', area: 'Islington', comission: 2.0, pattern: 'dinner' },
  { name: 'Mezze House', area: 'Islington', pattern: 'lunchDinner' },
  { name: 'Taco Loco', area: 'Islington', pattern: 'dinner' },
  { name: 'Pizza Palace Hackney', area: 'Hackney', group: 'pizzaPalace', pattern: 'dinnerLate' },
  { name: 'Pho Saigon', area: 'Hackney', pattern: 'lunchDinner' },
  { name: 'Dalston Jerk Kitchen', area: 'Hackney', bookingFee: 15, pattern: 'dinner' },
  { name: 'Bagel Bros', area: 'Hackney', pattern: 'lunch' },
  { name: 'Spice Route Greenwich', area: 'Greenwich', group: 'spiceRoute', pattern: 'lunchDinner' },
  { name: 'Ahoy Fish & Chips', area: 'Greenwich', pattern: 'dinner' },
  { name: 'Thai Orchid', area: 'Greenwich', pattern: 'dinner' },
  { name: 'Cedar Lebanese Grill', area: 'Greenwich', inactive: true, pattern: 'dinner' },
  { name: 'Spice Route Bromley', area: 'Bromley', group: 'spiceRoute', pattern: 'dinner' },
  { name: 'Wok Express Bromley', area: 'Bromley', pattern: 'dinnerLate' },
  { name: 'Peri Peri Flame', area: 'Bromley', standardPay: 11.75, weekendPay: 13.0, pattern: 'dinner' },
  { name: "Rosa's Trattoria", area: 'Bromley', pattern: 'lunchDinner' },
  { name: 'Golden Wok Manchester', area: 'Manchester City Centre', group: 'goldenWok', pattern: 'busy' },
  { name: 'Curry Mile Kitchen', area: 'Manchester City Centre', pattern: 'dinnerLate' },
  { name: 'Northern Burger Co', area: 'Manchester City Centre', pattern: 'dinner' },
  { name: 'Ramen Ya', area: 'Manchester City Centre', pattern: 'lunchDinner' },
  { name: 'Golden Wok Salford', area: 'Salford', group: 'goldenWok', pattern: 'dinner' },
  { name: 'Quays Kebab House', area: 'Salford', pattern: 'dinnerLate' },
  { name: 'Salford Pie Co', area: 'Salford', inactive: true, pattern: 'lunch' },
  { name: 'Golden Wok Birmingham', area: 'Birmingham Central', group: 'goldenWok', pattern: 'dinner' },
  { name: 'Balti Palace', area: 'Birmingham Central', bookingFee: 25, comission: 1.25, pattern: 'lunchDinner' },
  { name: 'Digbeth Dough', area: 'Birmingham Central', pattern: 'dinnerLate' },
  { name: 'Brindley Noodle Bar', area: 'Birmingham Central', pattern: 'dinner' },
  { name: 'Kirkgate Chippy', area: 'Leeds City Centre', pattern: 'lunchDinner' },
  { name: 'Briggate Burrito', area: 'Leeds City Centre', pattern: 'dinner' },
  { name: 'Yorkshire Grill', area: 'Leeds City Centre', standardPay: 11.5, weekendPay: 12.75, pattern: 'dinner' },
  { name: 'Call Lane Pizza', area: 'Leeds City Centre', pattern: 'dinnerLate' },
  { name: 'Harbourside Thai', area: 'Bristol Harbourside', pattern: 'dinner' },
  { name: 'Stokes Croft Falafel', area: 'Bristol Harbourside', pattern: 'lunch' },
  { name: 'Bristol Burger Barn', area: 'Bristol Harbourside', pattern: 'dinnerLate' },
  { name: 'Clifton Curry House', area: 'Bristol Harbourside', pattern: 'lunchDinner' },
];

/** Shift times per pattern; each restaurant gets one variant so its rota looks consistent. */
export const SLOT_TIMES = {
  lunch: [['11:00', '15:00'], ['11:30', '14:30'], ['12:00', '15:00']],
  dinner: [['17:00', '22:00'], ['17:30', '22:30'], ['18:00', '23:00']],
  late: [['20:00', '02:00'], ['21:00', '01:00'], ['22:00', '03:00']],
} as const;
export type SlotKind = keyof typeof SLOT_TIMES;

export const FIRST_NAMES = [
  'James', 'Oliver', 'Harry', 'Jack', 'George', 'Noah', 'Leo', 'Arthur', 'Muhammad', 'Oscar', 'Jacob', 'Ethan',
  'Thomas', 'Samuel', 'Joshua', 'Daniel', 'Ryan', 'Liam', 'Aaron', 'Kwame', 'Tomasz', 'Mateusz', 'Andrei', 'Ionut',
  'Ravi', 'Arjun', 'Imran', 'Bilal', 'Chidi', 'Emeka', 'Luca', 'Marco', 'Diego', 'Kofi', 'Yusuf', 'Hassan',
  'Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Sophie', 'Grace', 'Chloe', 'Priya', 'Aisha', 'Zara', 'Hannah',
  'Ewa', 'Ana', 'Fatima', 'Lily', 'Megan', 'Jade',
];

export const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson', 'Wright',
  'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Khan', 'Ahmed',
  'Hussain', 'Singh', 'Kowalski', 'Nowak', 'Popescu', 'Okafor', 'Mensah', 'Adeyemi', 'Rossi', 'Silva', 'Murphy',
  "O'Brien", 'Campbell', 'Stewart', 'Hughes', 'Edwards', 'Shah', 'Begum', 'Ali', 'Mahmood', 'Baker', 'Cooper',
];

export const HOME_STREETS = [
  'Mill Lane', 'Church Road', 'Station Road', 'Victoria Street', 'Park Avenue', 'Queens Road', 'Grove Road',
  'Manor Way', 'Kings Road', 'Albert Street', 'The Crescent', 'Elm Grove', 'Oak Avenue', 'Cedar Close',
  'Windsor Road', 'Richmond Terrace', 'Springfield Road', 'Highfield Avenue', 'Meadow Way', 'Chestnut Drive',
];

export const VEHICLES: [string, string][] = [
  ['Toyota', 'Prius'], ['Toyota', 'Yaris'], ['Honda', 'Jazz'], ['Ford', 'Fiesta'], ['Vauxhall', 'Corsa'],
  ['Volkswagen', 'Polo'], ['Nissan', 'Leaf'], ['Kia', 'Niro'], ['Hyundai', 'Ioniq'], ['Peugeot', '208'],
  ['Skoda', 'Fabia'], ['Renault', 'Clio'], ['Honda', 'PCX 125'], ['Yamaha', 'NMAX 125'], ['Piaggio', 'Liberty 125'],
];

export const INSURERS = ['Admiral', 'Aviva', 'Direct Line', 'LV=', 'Hastings Direct', 'Churchill', 'Zego', 'Marshmallow'];

export const EXPERIENCE = [
  'Two years delivering for a pizza chain, mostly evenings.',
  'Courier work with Amazon Flex and weekend food delivery.',
  'Delivered for Uber Eats and Just Eat since 2023.',
  'Six months as a restaurant delivery driver in my home town.',
  'Drove a van for a florist, then moved to food delivery.',
  'Moped courier in central London for three years.',
];

/** Current-year registration format: two letters, age identifier, three letters. */
export const REG_AGE = ['18', '19', '68', '69', '20', '70', '21', '71', '22', '72', '23', '73'];

export const CONTACT_TITLES = ['Manager', 'Owner', 'Shift lead', 'Head chef', 'Front of house'];

export const MEALS = ['Free meal on shifts over four hours', 'Staff pizza after the shift', 'Drinks and one main per shift', '50% off the menu'];
export const UNIFORMS = ['Black t-shirt; branded cap and jacket provided', 'Own dark clothing, hi-vis vest provided', 'Branded hoodie provided on the first shift'];
export const CASH_ORDERS = ['No cash orders', 'Cash float of £20 from the till, settle at the end of the shift', 'Card only after 21:00'];
export const WAITING_LOCATIONS = ['Side door, do not wait at the counter', 'Bench by the back entrance', 'Collection point at the bar', 'Car park behind the restaurant, bay 3'];
export const BONUS_TARGETS = ['£10 extra above 25 deliveries', '£5 per hour extra on Friday and Saturday after 20:00', '£15 for 30+ deliveries in one shift'];
export const OTHER_NOTES = ['Please sign in with the shift lead on arrival', 'Bags must be returned at the end of the shift', 'Toilets and water available for drivers'];

/** Cuisine-flavoured names for the benchmark restaurants. */
export const NAME_PREFIXES = ['Golden', 'Royal', 'Little', 'Urban', 'Old Town', 'Bella', 'Spicy', 'Happy', 'Lucky', 'Red', 'Blue', 'Green', 'Silver', 'Grand', 'Corner'];
export const NAME_CUISINES = ['Pizza', 'Curry House', 'Noodle Bar', 'Kebab', 'Burger Co', 'Sushi', 'Grill', 'Wok', 'Tandoori', 'Trattoria', 'Chippy', 'Taqueria', 'Thai Kitchen', 'Falafel', 'Diner'];
export const AREA_DISTRICTS = ['Central', 'North', 'South', 'East', 'West', 'Riverside', 'Old Town', 'University', 'Station', 'Docklands', 'Market', 'Park'];
