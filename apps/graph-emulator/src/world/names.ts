export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'Lucas', 'Mia', 'Mateo',
  'Charlotte', 'Levi', 'Ava', 'Ethan', 'Harper', 'James', 'Luna', 'Leo', 'Evelyn', 'Aiden', 'Aria', 'Samuel',
  'Chloe', 'Daniel', 'Nora', 'Henry', 'Zoe', 'Jack', 'Lily', 'Owen', 'Hannah', 'Sebastian', 'Grace', 'Gabriel',
  'Layla', 'Julian', 'Ella', 'Wyatt', 'Priya', 'Arjun', 'Mei', 'Hiroshi', 'Fatima', 'Omar', 'Sofia', 'Diego',
  'Ingrid', 'Lars', 'Chiara', 'Marco', 'Aisha', 'Kwame', 'Yuki', 'Min-jun', 'Ana', 'Tomás', 'Élodie', 'Jonas',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson',
  'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green',
  'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Patel', 'Nguyen', 'Kim', 'Chen', 'Okafor',
  'Rossi', 'Müller', 'Dubois', 'Silva', 'Kowalski', 'Andersen', 'Tanaka', 'Haddad', 'Mensah', 'Novak', 'Ortiz',
];
export const BUSINESS_WORDS = ['Corner', 'Harbor', 'Maple', 'Sunrise', 'Copper', 'Willow', 'Granite', 'Juniper', 'Atlas', 'Meadow'];
export const BUSINESS_KINDS: Array<[string, string]> = [
  ['Coffee House', 'Coffee Shop'],
  ['Florist', 'Florist'],
  ['Hardware', 'Hardware Store'],
  ['Dental Care', 'Dentist & Dental Office'],
  ['Pet Grooming', 'Pet Groomer'],
  ['Bookshop', 'Bookstore'],
  ['Auto Repair', 'Automotive Repair Shop'],
  ['Pizzeria', 'Pizza Place'],
];

export const INBOUND_LINES = [
  'Hi! Are you open today?',
  'Do you have anything available this weekend?',
  'Thanks so much, see you soon!',
  'Can I change my booking to Thursday?',
  'What are your opening hours?',
  'Is there parking nearby?',
  'Just ordered, when will it be ready?',
  'Perfect, thank you 🙏',
  'Do you take card payments?',
  'Hello, quick question about prices',
];
export const OUTBOUND_LINES = [
  'Hi there! Yes, we are open 8am–6pm today.',
  'Thanks for reaching out, we will get back to you shortly.',
  'Your order is ready for pickup 🎉',
  'Sure, we have moved you to Thursday.',
  'We accept all major cards and contactless.',
  'There is free parking right behind the shop.',
  'Thank you for visiting us!',
  'Happy to help — anything else?',
];
