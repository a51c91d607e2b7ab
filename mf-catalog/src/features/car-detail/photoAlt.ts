/** The text a photo is described by: the car's name and the photo's place among the others. */
export function photoAlt(carName: string, index: number, count: number): string {
  return count > 1 ? `${carName}, photo ${index + 1} of ${count}` : carName;
}
