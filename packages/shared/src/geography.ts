// spec §3: 18 departments, each with 5–6 cities, the last always 'Otra'.
// The cities are real municipalities; San Pedro Sula (Cortés) decides the local fee (spec §9).
export const DEPARTMENTS = {
  Atlántida: ['La Ceiba', 'Tela', 'El Porvenir', 'Jutiapa', 'La Masica', 'Otra'],
  Choluteca: ['Choluteca', 'San Marcos de Colón', 'Pespire', 'El Triunfo', 'Marcovia', 'Otra'],
  Colón: ['Trujillo', 'Tocoa', 'Sonaguera', 'Saba', 'Bonito Oriental', 'Otra'],
  Comayagua: ['Comayagua', 'Siguatepeque', 'La Libertad', 'Taulabé', 'Villa de San Antonio', 'Otra'],
  Copán: ['Santa Rosa de Copán', 'Copán Ruinas', 'La Entrada', 'Corquín', 'Otra'],
  Cortés: ['San Pedro Sula', 'Choloma', 'Puerto Cortés', 'Villanueva', 'La Lima', 'Otra'],
  'El Paraíso': ['Yuscarán', 'Danlí', 'El Paraíso', 'Trojes', 'Otra'],
  'Francisco Morazán': ['Tegucigalpa', 'Comayagüela', 'Valle de Ángeles', 'Santa Lucía', 'Talanga', 'Otra'],
  'Gracias a Dios': ['Puerto Lempira', 'Ahuas', 'Brus Laguna', 'Juan Francisco Bulnes', 'Otra'],
  Intibucá: ['La Esperanza', 'Intibucá', 'Jesús de Otoro', 'Yamaranguila', 'Otra'],
  'Islas de la Bahía': ['Roatán', 'Utila', 'Guanaja', 'José Santos Guardiola', 'Otra'],
  'La Paz': ['La Paz', 'Marcala', 'Santiago de Puringla', 'Cane', 'Otra'],
  Lempira: ['Gracias', 'Erandique', 'La Campa', 'Lepaera', 'Otra'],
  Ocotepeque: ['Ocotepeque', 'San Marcos', 'Sinuapa', 'Mercedes', 'Otra'],
  Olancho: ['Juticalpa', 'Catacamas', 'Campamento', 'San Francisco de la Paz', 'Otra'],
  'Santa Bárbara': ['Santa Bárbara', 'Quimistán', 'Trinidad', 'San Nicolás', 'Otra'],
  Valle: ['Nacaome', 'San Lorenzo', 'Amapala', 'Langue', 'Otra'],
  Yoro: ['Yoro', 'El Progreso', 'Olanchito', 'Santa Rita', 'Morazán', 'Otra'],
} as const satisfies Record<string, readonly string[]>;

export type Department = keyof typeof DEPARTMENTS;

/** The last city of every department: a town the list does not name (the address then has to name it). */
export const OTHER_CITY = 'Otra';

export const DEPARTMENT_NAMES = Object.keys(DEPARTMENTS) as Department[];

export function isDepartment(value: string): value is Department {
  return Object.prototype.hasOwnProperty.call(DEPARTMENTS, value);
}

export function citiesOf(department: string): readonly string[] {
  return isDepartment(department) ? DEPARTMENTS[department] : [];
}

export function isCityOf(department: string, city: string): boolean {
  return citiesOf(department).includes(city);
}
