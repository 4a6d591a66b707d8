/** The demo cruise line: its organisation, people and procedures. Passwords are public on purpose. */

export const DEMO_DIVISIONS: { name: string; description: string; departments: { name: string; description: string }[] }[] = [
  {
    name: 'Marine',
    description: 'Navigation, seamanship and the ship’s technical plant',
    departments: [
      { name: 'Deck', description: 'Bridge team, mooring, tenders and lifesaving appliances' },
      { name: 'Engine', description: 'Propulsion, power generation, bunkering and maintenance' },
    ],
  },
  {
    name: 'Hotel',
    description: 'Everything a guest sees, eats and sleeps in',
    departments: [
      { name: 'Housekeeping', description: 'Cabins, linen and public areas' },
      { name: 'Food & Beverage', description: 'Galleys, restaurants and bars' },
      { name: 'Guest Services', description: 'Reception, embarkation and shore excursions' },
    ],
  },
  {
    name: 'Safety & Environment',
    description: 'Safety management system, security and environmental compliance',
    departments: [{ name: 'Environmental Compliance', description: 'Waste, ballast water and emissions' }],
  },
  {
    name: 'Medical',
    description: 'Medical centre and public health',
    departments: [{ name: 'Medical Centre', description: 'Doctors, nurses and outbreak prevention' }],
  },
];

/** Positions on board, each in a department; every demo person holds one (DEMO_POSITION_OF). */
export const DEMO_POSITIONS: { name: string; department: string }[] = [
  { name: 'Captain', department: 'Deck' },
  { name: 'Chief Officer', department: 'Deck' },
  { name: 'Bosun', department: 'Deck' },
  { name: 'Chief Engineer', department: 'Engine' },
  { name: 'Hotel Director', department: 'Hotel' },
  { name: 'Executive Housekeeper', department: 'Housekeeping' },
  { name: 'Head Waiter', department: 'Food & Beverage' },
  { name: 'Guest Services Manager', department: 'Guest Services' },
  { name: 'Safety Officer', department: 'Safety & Environment' },
  { name: 'Able Seaman', department: 'Deck' },
  { name: 'Cabin Steward', department: 'Housekeeping' },
];

/** Who holds which position, by username. */
export const DEMO_POSITION_OF: Record<string, string> = {
  'erik.hansen': 'Captain',
  'sofia.romano': 'Hotel Director',
  'james.okafor': 'Safety Officer',
  'lena.novak': 'Chief Officer',
  'rafael.cruz': 'Executive Housekeeper',
  'mei.tanaka': 'Head Waiter',
  'tom.barker': 'Chief Engineer',
  'amara.diallo': 'Guest Services Manager',
  'konstantinos.pa': 'Bosun',
  'rajesh.kumar': 'Able Seaman',
  'maria.santos': 'Cabin Steward',
};

/** SOPs that positions outside their department must read too, by title. */
export const DEMO_READING_POSITIONS: Record<string, string[]> = {
  'Bunkering Fuel Oil': ['Captain', 'Chief Officer'],
  'Enclosed Space Entry': ['Bosun', 'Chief Officer', 'Safety Officer'],
  'Guest Muster Drill': ['Head Waiter', 'Guest Services Manager', 'Executive Housekeeper'],
  'Galley Fire Prevention': ['Safety Officer'],
};

/** Each person works in a department (or, for the heads, a division): it decides their required reading. */
export const DEMO_USERS = [
  { username: 'erik.hansen', password: 'demo-captain-2025', firstName: 'Erik', lastName: 'Hansen', role: 'approver', department: 'Marine' },
  { username: 'sofia.romano', password: 'demo-hotel-2025', firstName: 'Sofia', lastName: 'Romano', role: 'approver', department: 'Hotel' },
  { username: 'james.okafor', password: 'demo-safety-2025', firstName: 'James', lastName: 'Okafor', role: 'approver', department: 'Safety & Environment' },
  { username: 'lena.novak', password: 'demo-crew-2025', firstName: 'Lena', lastName: 'Novak', role: 'user', department: 'Deck' },
  { username: 'rafael.cruz', password: 'demo-crew-2025', firstName: 'Rafael', lastName: 'Cruz', role: 'user', department: 'Housekeeping' },
  { username: 'mei.tanaka', password: 'demo-crew-2025', firstName: 'Mei', lastName: 'Tanaka', role: 'user', department: 'Food & Beverage' },
  { username: 'tom.barker', password: 'demo-crew-2025', firstName: 'Tom', lastName: 'Barker', role: 'user', department: 'Engine' },
  { username: 'amara.diallo', password: 'demo-crew-2025', firstName: 'Amara', lastName: 'Diallo', role: 'user', department: 'Guest Services' },
  {
    username: 'konstantinos.pa',
    password: 'demo-crew-2025',
    firstName: 'Konstantinos',
    lastName: 'Papadopoulos-Andersson',
    role: 'user',
    department: 'Deck',
  },
  // Crew who read the app in their own language (the rest take their browser's at first sign-in).
  { username: 'rajesh.kumar', password: 'demo-crew-2025', firstName: 'Rajesh', lastName: 'Kumar', role: 'user', department: 'Deck', language: 'hi' },
  {
    username: 'maria.santos',
    password: 'demo-crew-2025',
    firstName: 'Maria Cristina',
    lastName: 'Dela Cruz Santos',
    role: 'user',
    department: 'Housekeeping',
    language: 'fil',
  },
] as const;

export interface DemoSop {
  title: string;
  category: string;
  tags: string[];
  summary: string;
  steps: string[];
}

const sop = (title: string, category: string, tags: string[], summary: string, steps: string[]): DemoSop => ({ title, category, tags, summary, steps });

/** Keyed by the department (or division) the SOPs are filed under. */
export const DEMO_SOPS: Record<string, DemoSop[]> = {
  Deck: [
    sop('Lifeboat Launching Drill', 'Emergency', ['drill', 'lifeboat', 'SOLAS'], 'Monthly launching of lifeboats with crew aboard.', [
      'Confirm the davit area is clear and the sea state allows launching',
      'Muster the boat crew and check lifejackets and helmets',
      'Release the gripes and lower to embarkation deck',
      'Lower to the water, start the engine and manoeuvre for 10 minutes',
      'Recover, secure and log the drill in the official log book',
    ]),
    sop('Mooring Operations Fore and Aft', 'Seamanship', ['mooring', 'lines', 'port'], 'Safe handling of mooring lines and winches alongside.', [
      'Hold a toolbox talk on snap-back zones',
      'Test winch brakes and communications with the bridge',
      'Send lines in the order agreed with the pilot',
      'Tend lines during cargo and tidal changes',
    ]),
    sop('Tender Operations at Anchor', 'Seamanship', ['tender', 'anchor', 'guests'], 'Running tenders between ship and shore with guests aboard.', [
      'Check weather limits: wind under 25 knots, swell under 1.5 m',
      'Rig the tender platform and brief the platform team',
      'Count guests on and off each tender',
      'Suspend operations when limits are exceeded',
    ]),
    sop('Bridge Watchkeeping Handover', 'Navigation', ['bridge', 'watch', 'COLREG'], 'What the relieving officer must know before taking the watch.', [
      'Verify position, course and speed',
      'Review traffic, weather and the passage plan',
      'Check alarms, steering mode and engine status',
      'Confirm handover in the bridge log',
    ]),
    sop('Pilot Boarding Arrangements', 'Navigation', ['pilot', 'ladder'], 'Rigging the pilot ladder and receiving the pilot safely.', [
      'Rig the combination arrangement to the side requested',
      'Light the ladder and have a lifebuoy with light ready',
      'An officer meets the pilot and escorts them to the bridge',
    ]),
    sop('Man Overboard Response', 'Emergency', ['MOB', 'emergency', 'rescue'], 'Immediate actions when a person is seen going overboard.', [
      'Shout "Man overboard" and throw a lifebuoy',
      'Press the MOB button and start a Williamson turn',
      'Sound three prolonged blasts and alert the rescue boat crew',
      'Keep the person in sight and report to MRCC',
    ]),
    sop('Anchor Watch', 'Navigation', ['anchor', 'watch'], 'Monitoring the ship while at anchor.', [
      'Set the anchor watch alarm on the ECDIS',
      'Take bearings every 15 minutes',
      'Keep the engine on standby when wind exceeds 20 knots',
    ]),
    sop('Gangway Watch in Port', 'Security', ['gangway', 'ISPS', 'port'], 'Controlling access at the gangway.', [
      'Scan every card and check photo identity',
      'Screen hand luggage through the X-ray',
      'Keep the visitor log current',
    ]),
    sop('Navigation Lights Check', 'Navigation', ['lights', 'COLREG'], 'Daily check of navigation lights.', [
      'Test each light from the panel before sunset',
      'Switch to the spare lamp on failure',
      'Record in the deck log',
    ]),
  ],
  Engine: [
    sop('Bunkering Fuel Oil', 'Operations', ['bunkering', 'fuel', 'MARPOL'], 'Receiving heavy fuel oil and marine gas oil from a barge.', [
      'Hold the pre-transfer conference and sign the checklist',
      'Plug scuppers and ready the oil spill kit',
      'Start at a slow rate and confirm flow into the right tank',
      'Take soundings every 30 minutes',
      'Record the bunker delivery note and keep the sample',
    ]),
    sop('Main Engine Start-up', 'Operations', ['main engine', 'start'], 'Preparing and starting a main diesel generator.', [
      'Check lube oil, cooling water and fuel pressure',
      'Turn the engine with the turning gear',
      'Start on air and load gradually',
    ]),
    sop('Enclosed Space Entry', 'Safety', ['permit', 'enclosed space', 'gas'], 'Entering tanks, voids and other enclosed spaces.', [
      'Issue a permit to work signed by the chief engineer',
      'Ventilate and test the atmosphere for O2, H2S, CO and LEL',
      'Post a standby person with a radio at the entrance',
      'Keep rescue equipment at the entrance',
    ]),
    sop('Blackout Recovery', 'Emergency', ['blackout', 'power'], 'Restoring power after a total loss.', [
      'Confirm the emergency generator has started',
      'Identify the cause before restarting generators',
      'Restore essential consumers in sequence',
    ]),
    sop('Oily Water Separator Operation', 'Environment', ['OWS', 'MARPOL', 'bilge'], 'Discharging bilge water under 15 ppm.', [
      'Check the position is outside special areas',
      'Start the separator and verify the 15 ppm alarm',
      'Record every operation in the Oil Record Book',
    ]),
    sop('Hot Work Permit', 'Safety', ['hot work', 'permit', 'fire'], 'Welding, cutting and grinding outside the workshop.', [
      'Issue a hot work permit',
      'Remove combustibles within 10 metres',
      'Post a fire watch for 60 minutes after work ends',
    ]),
    sop('Fresh Water Bunkering and Chlorination', 'Operations', ['water', 'chlorine', 'public health'], 'Taking fresh water ashore and treating it.', [
      'Flush the hose and check the connection is dedicated to potable water',
      'Dose chlorine to 2 ppm and test every hour',
      'Record results in the potable water log',
    ]),
    sop('Sewage Treatment Plant Operation', 'Environment', ['sewage', 'MARPOL Annex IV'], 'Running the advanced waste water treatment plant.', [
      'Check membrane pressures each watch',
      'Sample effluent weekly',
      'Record discharges with position',
    ]),
  ],
  Housekeeping: [
    sop('Cabin Turnover on Embarkation Day', 'Cabins', ['cabin', 'turnover', 'embarkation'], 'Preparing every cabin between two cruises.', [
      'Strip linen and remove all guest items to lost and found',
      'Clean the bathroom first, then the room, top to bottom',
      'Check the safe, minibar and lifejackets',
      'Report defects to the maintenance desk',
    ]),
    sop('Lost and Found Handling', 'Guest Items', ['lost and found', 'guests'], 'Logging, storing and returning guest property.', [
      'Log each item with cabin, date and finder',
      'Store valuables in the purser’s safe',
      'Keep items for 90 days',
    ]),
    sop('Linen Handling and Laundry', 'Laundry', ['linen', 'laundry', 'hygiene'], 'Moving clean and soiled linen without cross contamination.', [
      'Bag soiled linen in the cabin, never on the floor',
      'Use separate trolleys for clean and soiled linen',
      'Wash at 71 °C for at least 3 minutes',
    ]),
    sop('Public Area Cleaning Schedule', 'Public Areas', ['cleaning', 'public areas'], 'Frequencies for lounges, corridors and lifts.', [
      'Wipe handrails and lift buttons every 2 hours',
      'Vacuum carpets nightly',
      'Record every round on the area checklist',
    ]),
    sop('Chemical Handling in Housekeeping', 'Safety', ['chemicals', 'PPE', 'COSHH'], 'Using cleaning chemicals safely.', [
      'Read the safety data sheet before first use',
      'Wear gloves and eye protection when diluting',
      'Never mix chlorine and acid products',
    ]),
    sop('Guest Cabin Entry Policy', 'Cabins', ['privacy', 'cabin'], 'When and how crew may enter an occupied cabin.', [
      'Knock twice and announce "Housekeeping"',
      'Respect the do-not-disturb sign until 2 pm',
      'Never enter alone when a guest is present',
    ]),
    sop('Bed Bug Response', 'Pest Control', ['pest', 'cabin'], 'Handling a suspected bed bug report.', [
      'Move the guest to another cabin at once',
      'Seal the cabin and call the pest control officer',
      'Treat and inspect before reopening',
    ]),
  ],
  'Food & Beverage': [
    sop('Galley Hygiene and HACCP', 'Food Safety', ['HACCP', 'galley', 'hygiene'], 'Daily hygiene controls in every galley.', [
      'Check fridge and freezer temperatures at the start of each shift',
      'Sanitise boards and knives between raw and cooked food',
      'Label and date all prepared food',
      'Record critical control points on the HACCP sheet',
    ]),
    sop('Allergen Management', 'Food Safety', ['allergens', 'guests'], 'Serving guests with food allergies safely.', [
      'Record the allergy on the guest profile and the table card',
      'Prepare the dish on a separate board with fresh utensils',
      'The head waiter serves the dish personally',
    ]),
    sop('Buffet Service Temperature Control', 'Food Safety', ['buffet', 'temperature'], 'Keeping hot food hot and cold food cold.', [
      'Hot food above 60 °C, cold food below 5 °C',
      'Probe every tray every 30 minutes',
      'Discard food that was out of range for 2 hours',
    ]),
    sop('Responsible Alcohol Service', 'Bars', ['alcohol', 'bar'], 'Serving alcohol responsibly on board.', [
      'Check age for every guest who looks under 25',
      'Refuse service to intoxicated guests and inform security',
      'Log every refusal',
    ]),
    sop('Provisions Receiving in Port', 'Stores', ['provisions', 'stores', 'port'], 'Checking food deliveries at the pier.', [
      'Check the temperature of chilled and frozen items on arrival',
      'Reject damaged or expired goods',
      'Move to cold stores within 30 minutes',
    ]),
    sop('Galley Fire Prevention', 'Safety', ['fire', 'galley', 'fryer'], 'Preventing and fighting fires in the galley.', [
      'Clean hood filters daily',
      'Never leave fryers unattended',
      'Use the wet chemical system for fat fires',
    ]),
    sop('Waste Segregation in Galleys', 'Environment', ['waste', 'recycling'], 'Separating food waste, glass, cans and plastics.', [
      'Use colour-coded bins',
      'Never put plastics in food waste',
      'Deliver waste to the garbage room after each service',
    ]),
    sop('Crew Mess Food Safety', 'Food Safety', ['crew mess', 'HACCP'], 'Food safety in the crew mess.', [
      'Same temperature controls as guest galleys',
      'Clean the mess after each meal period',
      'Record checks on the crew mess sheet',
    ]),
  ],
  'Guest Services': [
    sop('Embarkation Check-in', 'Embarkation', ['embarkation', 'check-in', 'documents'], 'Checking in guests at the terminal.', [
      'Verify passport and visa against the manifest',
      'Take the security photograph',
      'Issue the cruise card and explain the muster station',
    ]),
    sop('Guest Complaint Resolution', 'Service', ['complaints', 'service'], 'Listening to and resolving guest complaints.', [
      'Listen without interrupting and thank the guest',
      'Offer a solution within your authority',
      'Log the complaint and follow up within 24 hours',
    ]),
    sop('Shore Excursion Return Count', 'Excursions', ['excursions', 'tour'], 'Making sure every guest is back before sailing.', [
      'Count guests on each coach at departure and return',
      'Report missing guests to the staff captain',
      'Keep the all-aboard list current',
    ]),
    sop('Disembarkation Day', 'Disembarkation', ['disembarkation', 'luggage'], 'Sending guests ashore in an orderly way.', [
      'Call groups by luggage colour',
      'Check cruise cards out at the gangway',
      'Assist guests with reduced mobility first',
    ]),
    sop('Guests with Reduced Mobility', 'Accessibility', ['accessibility', 'mobility'], 'Supporting guests who need assistance.', [
      'Confirm needs before embarkation',
      'Assign an assistant for muster drills',
      'Plan tender access with the deck team',
    ]),
    sop('Onboard Account Disputes', 'Finance', ['account', 'billing'], 'Handling disputed charges on the guest folio.', [
      'Print the folio and review each charge with the guest',
      'Reverse proven errors at once',
      'Escalate disputes over 200 USD to the hotel director',
    ]),
    sop('Lost Cruise Card Replacement', 'Service', ['cruise card', 'security'], 'Replacing a lost cruise card.', [
      'Verify identity with photo and passport',
      'Deactivate the old card',
      'Issue and log the new card',
    ]),
  ],
  'Safety & Environment': [
    sop('Guest Muster Drill', 'Emergency', ['muster', 'drill', 'SOLAS'], 'Running the guest safety drill before departure.', [
      'Announce the drill in every language on board',
      'Scan every guest at the muster station',
      'Report missing guests to the bridge',
      'Repeat the drill for late embarkers',
    ]),
    sop('Fire Patrol Rounds', 'Fire Safety', ['fire', 'patrol'], 'Hourly fire patrols at night.', [
      'Follow the patrol route with the electronic tag',
      'Check fire doors are closed',
      'Report any smell of smoke at once',
    ]),
    sop('Abandon Ship Procedure', 'Emergency', ['abandon ship', 'emergency'], 'The master’s decision and the crew’s actions.', [
      'Seven short and one long blast on the general alarm',
      'Crew go to their lifeboat stations',
      'Embark guests by muster list',
      'Launch on the master’s order',
    ]),
    sop('Security Threat Response', 'Security', ['security', 'ISPS'], 'Responding to a security threat on board.', [
      'Alert the security officer on channel 3',
      'Lock down the affected area',
      'Follow the ship security plan level',
    ]),
    sop('Accident Reporting and Investigation', 'SMS', ['accident', 'reporting'], 'Reporting and learning from accidents.', [
      'Make the scene safe and give first aid',
      'Report within 24 hours in the safety system',
      'Investigate root causes within 7 days',
    ]),
    sop('Lockout Tagout', 'Safety', ['LOTO', 'electrical'], 'Isolating energy before maintenance.', [
      'Identify every energy source',
      'Lock and tag each isolation point',
      'Test for zero energy before work',
    ]),
    sop('Working at Height', 'Safety', ['height', 'harness'], 'Work more than 2 metres above a deck.', [
      'Issue a permit',
      'Wear a harness attached to a certified point',
      'Never work over the side while under way',
    ]),
  ],
  'Environmental Compliance': [
    sop('Garbage Management Plan', 'Waste', ['garbage', 'MARPOL Annex V'], 'Collecting, storing and landing garbage.', [
      'Segregate by MARPOL category',
      'Record every discharge and landing in the Garbage Record Book',
      'Land waste at approved port facilities',
    ]),
    sop('Ballast Water Exchange', 'Ballast', ['ballast', 'BWM'], 'Exchanging and treating ballast water.', [
      'Check the ballast water management plan for the route',
      'Run the treatment system and record the results',
      'Report to the port state before arrival',
    ]),
    sop('Emission Control Area Changeover', 'Emissions', ['ECA', 'fuel', 'sulphur'], 'Changing over to low-sulphur fuel before an ECA.', [
      'Calculate the changeover time',
      'Start the changeover before the ECA boundary',
      'Record time, position and tank volumes',
    ]),
    sop('Oil Spill Response', 'Pollution', ['oil spill', 'SOPEP'], 'First actions in an oil spill.', [
      'Stop the source',
      'Contain with absorbents from the SOPEP locker',
      'Notify the coastal state and the company',
    ]),
  ],
  Marine: [
    sop('Marine Department Crew Familiarisation', 'Training', ['familiarisation', 'crew'], 'What every new marine crew member learns in the first 24 hours.', [
      'Tour the muster station, lifeboat and fire stations',
      'Sign the familiarisation checklist',
      'Shadow an experienced crew member for the first watch',
    ]),
    sop('Heavy Weather Preparations', 'Navigation', ['weather', 'storm'], 'Securing the ship before heavy weather.', [
      'Close weathertight doors on open decks',
      'Secure loose items in every department',
      'Announce the weather to guests and close outer decks',
    ]),
  ],
  Hotel: [
    sop('Hotel Crew Grooming Standards', 'Standards', ['uniform', 'grooming'], 'Uniform and appearance in guest areas.', [
      'Wear the name badge on the left',
      'Clean uniform every shift',
      'Hair tied back in food areas',
    ]),
    sop('VIP Guest Arrival', 'Service', ['VIP', 'guests'], 'Welcoming suite and VIP guests.', [
      'Prepare the amenity list the day before',
      'The hotel director greets the guest at the gangway',
      'Escort the guest to the suite',
    ]),
  ],
  Medical: [
    sop('Medical Emergency Code Alpha', 'Emergency', ['code alpha', 'medical'], 'Responding to a medical emergency anywhere on board.', [
      'Announce "Code Alpha" and the location',
      'The medical team responds with the emergency bag',
      'Crowd control by security',
    ]),
  ],
  'Medical Centre': [
    sop('Gastrointestinal Illness Outbreak', 'Public Health', ['outbreak', 'norovirus', 'public health'], 'Preventing the spread of norovirus.', [
      'Isolate symptomatic guests and crew for 24 hours after symptoms end',
      'Switch to outbreak cleaning with approved disinfectants',
      'Stop self-service at buffets',
      'Report to the health authority at the next port',
    ]),
    sop('Medical Evacuation by Helicopter', 'Emergency', ['medevac', 'helicopter'], 'Preparing a patient and the deck for a helicopter winch.', [
      'Contact the rescue coordination centre',
      'Prepare the winching area and clear loose items',
      'Prepare the patient with medical notes in a waterproof bag',
    ]),
    sop('Pharmacy Stock Control', 'Pharmacy', ['pharmacy', 'controlled drugs'], 'Counting and recording medicines.', [
      'Count controlled drugs at every shift change',
      'Record each issue in the register',
      'Return expired medicines in port',
    ]),
    sop('Crew Pre-joining Medical', 'Crew Health', ['crew', 'medical'], 'Checking crew medical certificates on joining.', [
      'Check the certificate is valid for the whole contract',
      'Record vaccinations',
      'Refer doubtful cases to the ship’s doctor',
    ]),
  ],
};
