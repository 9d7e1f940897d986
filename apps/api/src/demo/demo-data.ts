import { ORDER_STATUS, type OrderStatus } from '@tienda/shared/constants';
import type { Department } from '@tienda/shared/geography';

// The shop a new install opens with. Jugar y Crecer was founded by a
// psychologist whose son is autistic (spec §1), so the catalogue leans on educational, sensory and
// Montessori toys. Prices are lempiras as a customer reads them; the seed turns them into cents.

export interface DemoCategory {
  key: string;
  name: string;
  description: string;
}

export const DEMO_CATEGORIES = [
  {
    key: 'didacticos',
    name: 'Didácticos',
    description:
      'Juguetes que enseñan jugando: letras, números, formas y lógica para aprender en casa y en la escuela.',
  },
  {
    key: 'sensoriales',
    name: 'Sensoriales',
    description:
      'Texturas, sonidos y luces suaves para explorar con todos los sentidos y encontrar la calma cuando el mundo es ' +
      'demasiado.',
  },
  {
    key: 'montessori',
    name: 'Montessori',
    description: 'Materiales de madera, sencillos y reales, que invitan a la autonomía, al orden y a la concentración.',
  },
  {
    key: 'peluches',
    name: 'Peluches',
    description: 'Compañeros suaves para abrazar, consolar y acompañar las siestas, los viajes y los primeros cuentos.',
  },
  {
    key: 'rompecabezas',
    name: 'Rompecabezas',
    description: 'Encajes y rompecabezas de 6 a 100 piezas para la paciencia, la memoria y la percepción visual.',
  },
  {
    key: 'arte',
    name: 'Arte y manualidades',
    description: 'Crayones, pinturas, masas y caballetes para expresarse con las manos y sin miedo a ensuciarse.',
  },
  {
    key: 'bebes',
    name: 'Bebés',
    description: 'Sonajeros, mordederas y juguetes seguros de 0 a 24 meses para estimular los primeros sentidos.',
  },
  {
    key: 'aire-libre',
    name: 'Aire libre',
    description:
      'Pelotas, burbujas, piscuchas y juegos para correr, saltar y disfrutar del sol en el patio o el parque.',
  },
  {
    key: 'juego-simbolico',
    name: 'Juego simbólico',
    description: 'Cocinitas, muñecas y maletines para imitar, imaginar y ensayar la vida diaria jugando.',
  },
  {
    key: 'juegos-de-mesa',
    name: 'Juegos de mesa',
    description: 'Juegos para toda la familia que enseñan a esperar turnos, ganar, perder y volver a intentar.',
  },
] as const satisfies readonly DemoCategory[];

export type DemoCategoryKey = (typeof DEMO_CATEGORIES)[number]['key'];

export interface DemoProduct {
  name: string;
  description: string;
  /** Lempiras, before discount. */
  price: number;
  /** Percent off; absent means none. */
  discount?: number;
  stock: number;
  categories: readonly DemoCategoryKey[];
  /** How many secondary pictures the product gets (demo/images/<slug>-2.webp, -3.webp). */
  extraImages?: 1 | 2;
}

// Listed as the shop shows them by default, newest first (the seed inserts from the bottom up).
export const DEMO_PRODUCTS = [
  {
    name: 'Cubo sensorial de texturas',
    description:
      'Seis caras con texturas distintas: suave, rugosa, con botones, con cuentas y con espejo. Pensado para ' +
      'explorar con las manos y calmarse tocando, de 1 a 5 años.',
    price: 649,
    stock: 10,
    categories: ['sensoriales', 'bebes'],
    extraImages: 2,
  },
  {
    name: 'Tablero de actividades Montessori',
    description:
      'Cerrojos, cremalleras, interruptores, hebillas y un reloj en un solo tablero de madera. Practica la vida ' +
      'diaria y la concentración de 2 a 5 años.',
    price: 1290,
    stock: 5,
    categories: ['montessori', 'sensoriales'],
    extraImages: 2,
  },
  {
    name: 'Botella de calma con purpurina',
    description:
      'Al voltearla, la purpurina cae despacio y acompaña la respiración. Una herramienta sencilla para los momentos ' +
      'de sobrecarga; recomendada desde los 3 años.',
    price: 189,
    stock: 30,
    categories: ['sensoriales'],
    extraImages: 1,
  },
  {
    name: 'Audífonos de reducción de ruido infantiles',
    description:
      'Bajan el volumen de fiestas, supermercados y aulas ruidosas. Acolchados, ajustables y plegables, para niños ' +
      'de 3 a 12 años.',
    price: 899,
    stock: 3,
    categories: ['sensoriales'],
  },
  {
    name: 'Oso de peluche Chepe',
    description:
      'Un oso de 35 cm, suavecito, con ojos bordados en lugar de botones: seguro desde el nacimiento. Ideal para ' +
      'abrazar en las noches difíciles.',
    price: 459,
    stock: 16,
    categories: ['peluches'],
    extraImages: 1,
  },
  {
    name: 'Lotería de emociones',
    description:
      'Una lotería con caras alegres, tristes, enojadas y sorprendidas. Ayuda a reconocer y nombrar lo que sentimos; ' +
      'creada con el acompañamiento de nuestra psicóloga.',
    price: 269,
    stock: 13,
    categories: ['juegos-de-mesa', 'didacticos'],
  },
  {
    name: 'Fidget pop-it arcoíris',
    description:
      'Burbujas de silicona que se aprietan una y otra vez. Ayuda a canalizar la ansiedad y a mantener las manos ' +
      'ocupadas en la escuela, el carro o la fila del banco.',
    price: 149,
    stock: 40,
    categories: ['sensoriales'],
  },
  {
    name: 'Arcoíris apilable de madera',
    description:
      'Siete arcos de colores que se apilan, se ordenan o se convierten en túnel, cuna o puente. Un juego abierto ' +
      'que crece con el niño de 1 a 8 años.',
    price: 599,
    discount: 15,
    stock: 11,
    categories: ['montessori', 'didacticos'],
    extraImages: 1,
  },
  {
    name: 'Lámpara proyectora de estrellas',
    description:
      'Llena el cuarto de estrellas que giran despacio, con luz cálida y música suave. Ayuda a crear una rutina ' +
      'tranquila a la hora de dormir.',
    price: 749,
    discount: 20,
    stock: 6,
    categories: ['sensoriales', 'bebes'],
  },
  {
    name: 'Rompecabezas de piso Mapa de Honduras',
    description:
      'Veinticuatro piezas grandes con los 18 departamentos, sus animales y lugares. Para aprender geografía en ' +
      'familia desde los 5 años.',
    price: 499,
    stock: 8,
    categories: ['rompecabezas', 'didacticos'],
    extraImages: 1,
  },
  {
    name: 'Ábaco de madera arcoíris',
    description:
      'Cien cuentas de colores para contar, sumar y restar moviendo las manos. De 3 a 7 años: convierte los números ' +
      'en algo que se puede tocar.',
    price: 389,
    stock: 18,
    categories: ['didacticos', 'montessori'],
  },
  {
    name: 'Manta con peso para niños (2 kg)',
    description:
      'Una presión profunda y suave que ayuda a relajarse antes de dormir. Funda de algodón lavable, para niños de ' +
      '15 a 25 kg y siempre con un adulto cerca.',
    price: 1850,
    discount: 10,
    stock: 2,
    categories: ['sensoriales'],
  },
  {
    name: 'Torre rosa Montessori',
    description:
      'Diez cubos de madera de 1 a 10 cm para construir del más grande al más pequeño. Educa la percepción del ' +
      'tamaño desde los 2 años y medio.',
    price: 990,
    stock: 4,
    categories: ['montessori'],
  },
  {
    name: 'Pelotas sensoriales con relieve (set de 6)',
    description:
      'Seis pelotas de distintos tamaños, colores y relieves para apretar, rodar y lanzar. Estimulan el tacto y la ' +
      'fuerza de las manos desde los 6 meses.',
    price: 299,
    stock: 22,
    categories: ['sensoriales', 'bebes'],
  },
  {
    name: 'Muñeca Sofía con silla de ruedas',
    description:
      'Una muñeca articulada con su silla de ruedas plegable, porque todos los niños merecen verse en sus juguetes. ' +
      'Desde los 3 años.',
    price: 649,
    stock: 5,
    categories: ['juego-simbolico'],
    extraImages: 1,
  },
  {
    name: 'Conejita de apego Lula',
    description:
      'Una conejita de orejas largas con mantita de apego incorporada. Acompaña la siesta y las despedidas en la ' +
      'guardería, de 0 a 3 años.',
    price: 329,
    stock: 12,
    categories: ['peluches', 'bebes'],
  },
  {
    name: 'Tortuga con peso sensorial',
    description:
      'Una tortuga de 1 kg rellena de microperlas que se posa en el regazo y da calma. Ayuda a concentrarse en las ' +
      'tareas y en los viajes largos; desde los 3 años.',
    price: 1150,
    stock: 2,
    categories: ['peluches', 'sensoriales'],
  },
  {
    name: 'Guara roja de peluche',
    description:
      'La guara roja, ave nacional de Honduras, en versión de 40 cm con alas de colores. Para abrazar y contar ' +
      'historias de nuestra tierra.',
    price: 389,
    stock: 8,
    categories: ['peluches'],
  },
  {
    name: 'Dinosaurio de peluche Rex',
    description:
      'Un dinosaurio de 30 cm, suave y risueño, que asusta solo de mentiritas. Compañero fiel de aventuras desde los ' +
      '18 meses.',
    price: 349,
    discount: 25,
    stock: 10,
    categories: ['peluches'],
  },
  {
    name: 'Muñeca de trapo Rosita',
    description:
      'Muñeca de trapo cosida a mano en Honduras, con vestido de manta y trenzas de lana. Para abrazar y jugar a ' +
      'cuidar.',
    price: 419,
    stock: 7,
    categories: ['peluches', 'juego-simbolico'],
  },
  {
    name: 'Rompecabezas de encaje de animales',
    description:
      'Seis animales de la granja con perillas para levantarlos con facilidad. El primer rompecabezas para manos ' +
      'pequeñas, de 12 a 36 meses.',
    price: 249,
    stock: 19,
    categories: ['rompecabezas', 'bebes'],
  },
  {
    name: 'Rompecabezas Fondo del mar (100 piezas)',
    description:
      'Peces, tortugas y corales del arrecife de Roatán en 100 piezas. Reta la atención y la paciencia de 6 a 9 años.',
    price: 329,
    discount: 10,
    stock: 13,
    categories: ['rompecabezas'],
  },
  {
    name: 'Tangram de madera con 40 retos',
    description:
      'Siete piezas y cuarenta tarjetas para formar animales, casas y barcos. Desarrolla el razonamiento espacial ' +
      'desde los 4 años.',
    price: 199,
    stock: 24,
    categories: ['rompecabezas', 'didacticos'],
  },
  {
    name: 'Cubo mágico para principiantes 2×2',
    description:
      'Un cubo de 2×2 más fácil de resolver, con giros suaves. Buena puerta de entrada a la lógica y la memoria a ' +
      'partir de los 6 años.',
    price: 179,
    stock: 0,
    categories: ['rompecabezas'],
  },
  {
    name: 'Bloques de letras ABC con ñ',
    description:
      'Treinta bloques de madera con el abecedario completo, la ñ incluida, números y dibujos. Para formar las ' +
      'primeras palabras desde los 2 años.',
    price: 459,
    stock: 20,
    categories: ['didacticos', 'bebes'],
    extraImages: 1,
  },
  {
    name: 'Reloj didáctico de madera',
    description:
      'Manecillas móviles y números para encajar. Ayuda a niños de 4 a 7 años a leer la hora y a entender la rutina ' +
      'del día.',
    price: 329,
    discount: 10,
    stock: 12,
    categories: ['didacticos', 'montessori'],
  },
  {
    name: 'Tren de números del 0 al 9',
    description:
      'Un tren de vagones encajables con los números del 0 al 9. Practica el conteo, el orden y la motricidad fina ' +
      'de 2 a 5 años.',
    price: 549,
    discount: 15,
    stock: 9,
    categories: ['didacticos'],
  },
  {
    name: 'Juego de pesca magnético',
    description:
      'Diez peces de colores y dos cañas con imán. Entrena la coordinación ojo-mano y la paciencia de 2 a 5 años.',
    price: 279,
    stock: 25,
    categories: ['didacticos', 'juegos-de-mesa'],
  },
  {
    name: 'Clasificador de formas y colores',
    description:
      'Una caja con ranuras para encajar círculos, triángulos y estrellas. Enseña formas, colores y causa y efecto ' +
      'de 12 meses a 3 años.',
    price: 349,
    stock: 14,
    categories: ['didacticos', 'bebes'],
  },
  {
    name: 'Caja de permanencia del objeto',
    description:
      'La pelota entra por el agujero y reaparece en la bandeja. Enseña que las cosas siguen ahí aunque no se vean; ' +
      'de 8 a 18 meses.',
    price: 429,
    stock: 0,
    categories: ['montessori', 'bebes'],
  },
  {
    name: 'Set de trasvases con pinzas',
    description:
      'Cuencos, pinzas y cucharas de madera para pasar semillas o pompones de un lado a otro. Prepara la mano para ' +
      'escribir; de 2 a 5 años.',
    price: 349,
    stock: 9,
    categories: ['montessori'],
  },
  {
    name: 'Apilador de aros de madera',
    description:
      'Cinco aros de colores en una base firme. Enseña tamaños y orden y entrena la coordinación desde los 12 meses.',
    price: 189,
    stock: 20,
    categories: ['bebes', 'montessori'],
  },
  {
    name: 'Sonajero de madera y tela',
    description:
      'Sonajero de madera de haya con anillos y un listón de tela suave. Estimula el oído y el agarre desde los 3 ' +
      'meses.',
    price: 169,
    stock: 28,
    categories: ['bebes'],
  },
  {
    name: 'Mordedera de silicona estrella',
    description:
      'Silicona de grado alimenticio con relieves que alivian las encías. Se lava fácil y cabe perfecta en manos ' +
      'pequeñitas.',
    price: 149,
    stock: 40,
    categories: ['bebes', 'sensoriales'],
  },
  {
    name: 'Gimnasio de actividades para bebé',
    description:
      'Alfombra acolchada con arco y cinco juguetes colgantes para el tiempo boca abajo. Estimula la vista, el ' +
      'alcance y el gateo de 0 a 12 meses.',
    price: 1590,
    discount: 20,
    stock: 4,
    categories: ['bebes', 'sensoriales'],
  },
  {
    name: 'Libro de tela Mis primeras palabras',
    description:
      'Un libro de tela crujiente con animales y objetos de la casa. Para las primeras palabras y los primeros ' +
      'cuentos, desde los 6 meses.',
    price: 219,
    stock: 15,
    categories: ['bebes', 'didacticos'],
  },
  {
    name: 'Xilófono de colores',
    description:
      'Ocho notas afinadas y dos baquetas de punta redonda. Despierta el ritmo, la escucha y la coordinación de 18 ' +
      'meses a 5 años.',
    price: 299,
    discount: 10,
    stock: 12,
    categories: ['bebes', 'didacticos'],
  },
  {
    name: 'Crayones de cera de abeja (12 colores)',
    description:
      'Crayones gruesos de cera natural, fáciles de agarrar y no tóxicos. Perfectos para los primeros garabatos ' +
      'desde los 2 años.',
    price: 229,
    stock: 35,
    categories: ['arte'],
  },
  {
    name: 'Kit de pintura de dedos lavable',
    description:
      'Seis colores de pintura espesa que se quita con agua. Pintar con las manos es arte y también una experiencia ' +
      'sensorial; de 2 a 6 años.',
    price: 279,
    stock: 17,
    categories: ['arte', 'sensoriales'],
  },
  {
    name: 'Masas para moldear con herramientas',
    description:
      'Ocho potes de masa suave, rodillo, cortadores y tijeras plásticas. Fortalece los dedos mientras inventan ' +
      'pupusas, pasteles y baleadas.',
    price: 349,
    discount: 15,
    stock: 21,
    categories: ['arte', 'sensoriales'],
  },
  {
    name: 'Caballete de madera doble',
    description:
      'Caballete de dos caras con pizarra, rollo de papel y bandejas. Un rincón de arte propio para niños de 3 a 10 ' +
      'años.',
    price: 2450,
    stock: 3,
    categories: ['arte'],
    extraImages: 1,
  },
  {
    name: 'Set de acuarelas y pinceles',
    description:
      'Doce pastillas de acuarela, tres pinceles y un bloc de papel grueso. Para pintar paisajes y emociones desde ' +
      'los 4 años.',
    price: 259,
    stock: 14,
    categories: ['arte'],
  },
  {
    name: 'Kit de cuentas para pulseras',
    description:
      'Cuentas de colores, letras y cordones elásticos para crear pulseras. Ejercita la pinza fina y la ' +
      'concentración de 5 a 10 años.',
    price: 199,
    stock: 0,
    categories: ['arte'],
  },
  {
    name: 'Pelota saltarina con asas',
    description:
      'Pelota de 45 cm con asas para rebotar por el patio. Gasta energía y trabaja el equilibrio y la fuerza de las ' +
      'piernas de 3 a 6 años.',
    price: 399,
    stock: 9,
    categories: ['aire-libre'],
  },
  {
    name: 'Piscucha de colores con carrete',
    description:
      'La clásica piscucha para las tardes de viento, con cola larga, carrete y 30 m de hilo. Para volar en familia ' +
      'desde los 5 años.',
    price: 179,
    stock: 18,
    categories: ['aire-libre'],
  },
  {
    name: 'Set de playa con cubeta y palas',
    description:
      'Cubeta, pala, rastrillo y cuatro moldes para castillos en la playa de Tela o en el patio de la casa. De 2 a 7 ' +
      'años.',
    price: 249,
    discount: 30,
    stock: 11,
    categories: ['aire-libre'],
  },
  {
    name: 'Máquina de burbujas recargable',
    description:
      'Cientos de burbujas por minuto para correr tras ellas. Incluye medio litro de solución; seguir las burbujas ' +
      'también entrena la vista.',
    price: 459,
    stock: 6,
    categories: ['aire-libre', 'sensoriales'],
  },
  {
    name: 'Túnel de gateo plegable',
    description:
      'Un túnel de 1,5 m para gatear, esconderse y jugar al escondite. También es un refugio tranquilo cuando hay ' +
      'demasiado ruido.',
    price: 699,
    stock: 1,
    categories: ['aire-libre', 'sensoriales'],
  },
  {
    name: 'Cocinita de madera con accesorios',
    description:
      'Fogón, horno, fregadero y ocho accesorios de madera. Imitar a los adultos enseña rutinas, palabras nuevas y a ' +
      'compartir; de 3 a 8 años.',
    price: 2290,
    discount: 10,
    stock: 2,
    categories: ['juego-simbolico'],
    extraImages: 1,
  },
  {
    name: 'Maletín de doctor',
    description:
      'Estetoscopio, termómetro, jeringa de juguete y curitas en un maletín. Ayuda a perder el miedo a las citas ' +
      'médicas jugando a cuidar.',
    price: 389,
    stock: 10,
    categories: ['juego-simbolico'],
  },
  {
    name: 'Set de té de madera',
    description:
      'Tetera, cuatro tazas, platitos y galletas de madera para una merienda con los peluches. Juego simbólico y ' +
      'buenos modales desde los 3 años.',
    price: 459,
    stock: 8,
    categories: ['juego-simbolico'],
  },
  {
    name: 'Memoria de animales de Honduras',
    description:
      'Treinta y dos fichas con el venado cola blanca, el tucán, el manatí y más. Ejercita la memoria y la atención ' +
      'de 3 a 8 años.',
    price: 229,
    stock: 16,
    categories: ['juegos-de-mesa', 'didacticos'],
  },
  {
    name: 'Serpientes y escaleras gigante',
    description:
      'Una lona de 1,5 m para jugar con el cuerpo: los niños son las fichas. Para contar, esperar turnos y moverse ' +
      'en el patio o la sala.',
    price: 399,
    stock: 7,
    categories: ['juegos-de-mesa', 'aire-libre'],
  },
  {
    name: 'Arena kinética con moldes',
    description:
      'Un kilo de arena que se moldea sin ensuciar, con seis moldes. Relaja, estimula el tacto y la creatividad ' +
      'desde los 3 años.',
    price: 379,
    stock: 0,
    categories: ['sensoriales', 'arte'],
  },
] as const satisfies readonly DemoProduct[];

export type DemoProductName = (typeof DEMO_PRODUCTS)[number]['name'];

export interface DemoCombo {
  name: string;
  description: string;
  /** Lempiras; always below what its products cost separately (after their discounts). */
  price: number;
  /** A combo's own stock, apart from its products'. */
  stock: number;
  products: readonly DemoProductName[];
}

export const DEMO_COMBOS = [
  {
    name: 'Kit de calma sensorial',
    description:
      'Tres aliados para los momentos de sobrecarga: la botella de calma para respirar, el pop-it para las manos y ' +
      'las pelotas con relieve para apretar. Lo armamos pensando en casa y en la mochila.',
    price: 549,
    stock: 6,
    products: [
      'Botella de calma con purpurina',
      'Fidget pop-it arcoíris',
      'Pelotas sensoriales con relieve (set de 6)',
    ],
  },
  {
    name: 'Primeros pasos Montessori',
    description:
      'El arcoíris apilable, el set de trasvases y el apilador de aros: tres materiales para empezar un rincón ' +
      'Montessori en casa, de 1 a 4 años.',
    price: 899,
    stock: 4,
    products: ['Arcoíris apilable de madera', 'Set de trasvases con pinzas', 'Apilador de aros de madera'],
  },
  {
    name: 'Rincón de arte',
    description:
      'Crayones de cera, pintura de dedos y masas para moldear: todo lo necesario para una tarde de creatividad sin ' +
      'miedo a ensuciarse.',
    price: 699,
    stock: 8,
    products: [
      'Crayones de cera de abeja (12 colores)',
      'Kit de pintura de dedos lavable',
      'Masas para moldear con herramientas',
    ],
  },
  {
    name: 'Bienvenida al bebé',
    description:
      'Un regalo listo para el baby shower: sonajero, mordedera, libro de tela y la conejita Lula, todo seguro desde ' +
      'los primeros meses.',
    price: 749,
    stock: 5,
    products: [
      'Sonajero de madera y tela',
      'Mordedera de silicona estrella',
      'Libro de tela Mis primeras palabras',
      'Conejita de apego Lula',
    ],
  },
  {
    name: 'Tarde de patio',
    description:
      'Pelota saltarina, máquina de burbujas y piscucha para sacar a los niños al sol y volver a casa cansados y ' +
      'felices.',
    price: 899,
    stock: 3,
    products: ['Pelota saltarina con asas', 'Máquina de burbujas recargable', 'Piscucha de colores con carrete'],
  },
  {
    name: 'Noche tranquila',
    description:
      'La lámpara de estrellas, el oso Chepe y la tortuga con peso: una rutina de sueño suave para niños a los que ' +
      'les cuesta desconectarse.',
    price: 1890,
    stock: 0,
    products: ['Lámpara proyectora de estrellas', 'Oso de peluche Chepe', 'Tortuga con peso sensorial'],
  },
  {
    name: 'Aprendo en familia',
    description:
      'Memoria de animales, lotería de emociones y el mapa de Honduras en rompecabezas: tres juegos de mesa para las ' +
      'tardes de lluvia.',
    price: 849,
    stock: 7,
    products: ['Memoria de animales de Honduras', 'Lotería de emociones', 'Rompecabezas de piso Mapa de Honduras'],
  },
] as const satisfies readonly DemoCombo[];

export type DemoComboName = (typeof DEMO_COMBOS)[number]['name'];

export interface DemoAddress {
  department: Department;
  city: string;
  address: string;
  phone: string;
}

export interface DemoCustomer {
  name: string;
  email: string;
  username: string;
  home: DemoAddress;
}

// Demo customers log in with nobody's password: the seed gives each a random one it never keeps.
export const DEMO_CUSTOMERS = [
  {
    name: 'María José Rivera',
    email: 'mariajose.rivera@ejemplo.hn',
    username: 'majo.rivera',
    home: {
      department: 'Cortés',
      city: 'San Pedro Sula',
      address: 'Colonia Trejo, 5 calle, casa 12',
      phone: '99123456',
    },
  },
  {
    name: 'Carlos Mejía',
    email: 'carlos.mejia@ejemplo.hn',
    username: 'carlos.mejia',
    home: {
      department: 'Francisco Morazán',
      city: 'Tegucigalpa',
      address: 'Colonia Kennedy, bloque 12, casa 8',
      phone: '98765432',
    },
  },
  {
    name: 'Ana Lucía Paz',
    email: 'analucia.paz@ejemplo.hn',
    username: 'analucia.paz',
    home: {
      department: 'Atlántida',
      city: 'La Ceiba',
      address: 'Barrio El Imán, avenida 14 de Julio, casa 5',
      phone: '33445566',
    },
  },
] as const satisfies readonly DemoCustomer[];

export type DemoCustomerEmail = (typeof DEMO_CUSTOMERS)[number]['email'];

export type DemoOrderLine = { product: DemoProductName; quantity: number } | { combo: DemoComboName; quantity: number };

export interface DemoOrder {
  customer: DemoCustomerEmail;
  daysAgo: number;
  status: OrderStatus;
  /** Where it went, when not the customer's home address. */
  deliverTo?: DemoAddress;
  lines: readonly DemoOrderLine[];
}

// Past orders over the last five weeks, so 'Nuestros Best Sellers' shows what really sold.
// The botella de calma sells most, then the pop-it, then the cubo sensorial (test relies on that order).
export const DEMO_ORDERS = [
  {
    customer: 'mariajose.rivera@ejemplo.hn',
    daysAgo: 34,
    status: ORDER_STATUS.DELIVERED,
    lines: [
      { product: 'Cubo sensorial de texturas', quantity: 1 },
      { product: 'Botella de calma con purpurina', quantity: 2 },
      { product: 'Audífonos de reducción de ruido infantiles', quantity: 1 },
    ],
  },
  {
    customer: 'carlos.mejia@ejemplo.hn',
    daysAgo: 29,
    status: ORDER_STATUS.DELIVERED,
    lines: [
      { product: 'Tablero de actividades Montessori', quantity: 1 },
      { product: 'Ábaco de madera arcoíris', quantity: 1 },
      { combo: 'Primeros pasos Montessori', quantity: 1 },
    ],
  },
  {
    customer: 'analucia.paz@ejemplo.hn',
    daysAgo: 24,
    status: ORDER_STATUS.DELIVERED,
    lines: [
      { product: 'Botella de calma con purpurina', quantity: 3 },
      { product: 'Oso de peluche Chepe', quantity: 1 },
      { product: 'Fidget pop-it arcoíris', quantity: 2 },
    ],
  },
  {
    customer: 'mariajose.rivera@ejemplo.hn',
    daysAgo: 17,
    status: ORDER_STATUS.DELIVERED,
    lines: [
      { combo: 'Kit de calma sensorial', quantity: 1 },
      { product: 'Crayones de cera de abeja (12 colores)', quantity: 2 },
    ],
  },
  {
    customer: 'carlos.mejia@ejemplo.hn',
    daysAgo: 12,
    status: ORDER_STATUS.PAID,
    lines: [
      { product: 'Rompecabezas de piso Mapa de Honduras', quantity: 1 },
      { product: 'Memoria de animales de Honduras', quantity: 1 },
      { product: 'Botella de calma con purpurina', quantity: 1 },
    ],
  },
  {
    customer: 'analucia.paz@ejemplo.hn',
    daysAgo: 8,
    status: ORDER_STATUS.PAID,
    // A gift for her nephew in Choloma: same department as the shop, but not San Pedro Sula (L100).
    deliverTo: {
      department: 'Cortés',
      city: 'Choloma',
      address: 'Colonia López Arellano, sector 3, casa 41',
      phone: '33445566',
    },
    lines: [
      { product: 'Cubo sensorial de texturas', quantity: 1 },
      { product: 'Fidget pop-it arcoíris', quantity: 3 },
      { product: 'Lotería de emociones', quantity: 1 },
    ],
  },
  {
    customer: 'mariajose.rivera@ejemplo.hn',
    daysAgo: 3,
    status: ORDER_STATUS.PENDING,
    lines: [
      { product: 'Pelotas sensoriales con relieve (set de 6)', quantity: 1 },
      { product: 'Masas para moldear con herramientas', quantity: 2 },
      { product: 'Botella de calma con purpurina', quantity: 1 },
    ],
  },
  {
    customer: 'carlos.mejia@ejemplo.hn',
    daysAgo: 1,
    status: ORDER_STATUS.PENDING,
    lines: [
      { product: 'Oso de peluche Chepe', quantity: 1 },
      { product: 'Cubo sensorial de texturas', quantity: 1 },
      { combo: 'Aprendo en familia', quantity: 1 },
    ],
  },
] as const satisfies readonly DemoOrder[];

/** The demo administrator created when ADMIN_EMAIL is not configured (the start prints how to log in). */
export const DEMO_ADMIN = {
  email: 'admin@jugarycrecer.hn',
  username: 'admin',
  name: 'Administración Jugar y Crecer',
} as const;
