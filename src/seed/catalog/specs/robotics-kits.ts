import type { SeedCategorySpecs } from "../spec-attributes";

const ARDUINO_C = "Arduino C/C++";
const BLOCKS = "Blocks (Scratch/MakeCode)";

/** How the robots move, what controls them and how they are programmed. */
export const roboticsKitsSpecs: SeedCategorySpecs = {
  "2WD Smart Robot Car Chassis Kit (Acrylic, 2 TT Motors)": { type: "Robot chassis", drive: "2WD", controller: "Not included", voltage: "6V" },
  "4WD Smart Robot Car Chassis Kit": { type: "Robot chassis", drive: "4WD", controller: "Not included" },
  "ELEGOO Smart Robot Car Kit V4.0 for Arduino (with Uno R3)": { type: "Robot car kit", drive: "4WD", controller: "Arduino Uno", programming: ARDUINO_C },
  "Keyestudio 4WD Mecanum Robot Car Kit for Arduino": { type: "Robot car kit", drive: "Mecanum", programming: [ARDUINO_C, BLOCKS] },
  "6-DOF Aluminium Robotic Arm Kit (without Servos)": { type: "Robotic arm", dof: "6", controller: "Not included" },
  "4-DOF Acrylic Robotic Arm Kit with SG90 Servos": { type: "Robotic arm", dof: "4", programming: ARDUINO_C },
  "Line Follower Robot DIY Soldering Kit": { type: "Line follower kit", controller: "Not included", programming: "No coding", soldering: "yes" },
  "Otto DIY Bipedal Robot Kit (Arduino Nano)": { type: "Walking robot", drive: "Legged", controller: "Arduino Nano", programming: [ARDUINO_C, BLOCKS] },
  "Metal Tank Chassis Crawler Kit with 2 Motors": { type: "Robot chassis", drive: "Tracked", controller: "Not included", voltage: "12V" },
  "Bluetooth RC Car Kit with HC-05 & L298N": { type: "Robot car kit", drive: "2WD", controller: "Arduino Uno", programming: ARDUINO_C },
  "DFRobot Devastator Tank Mobile Robot Platform": { type: "Robot chassis", drive: "Tracked", controller: "Not included" },
  "SunFounder PiCar-X Robot Kit for Raspberry Pi": { type: "Robot car kit", controller: "Raspberry Pi", programming: ["Python", BLOCKS] },
  "Keyestudio Mini Tank Robot V3 Kit for Arduino": { type: "Robot car kit", drive: "Tracked", programming: [ARDUINO_C, BLOCKS] },
  "F450 Quadcopter Drone Kit (Frame, Motors, ESCs)": { type: "Drone kit", drive: "Quadcopter", controller: "Not included", voltage: "11.1V" },
  "Mini Sumo Robot Kit (500g Class)": { type: "Sumo robot", controller: "Not included", voltage: "7.4V" },
  "Mecanum Wheel 60mm (Set of 4)": { type: "Wheels", drive: "Mecanum" },
  "Self-Balancing Robot Kit (MPU-6050, Stepper Motors)": { type: "Balancing robot", drive: "Two-wheel balancing" },
  "Quadruped Spider Robot Kit with 12 MG90S Servos": { type: "Walking robot", drive: "Legged", voltage: "7.4V", programming: ARDUINO_C },
  "Servo Pan-Tilt Bracket Kit with 2 SG90": { type: "Pan-tilt kit", dof: "2" },
  "Pololu QTR-8RC Reflectance Sensor Array": { type: "Sensor" },
  "Slamtec RPLIDAR A1M8 360° Laser Scanner (12m)": { type: "Lidar", range: "12m" },
  "DJI Tello EDU Programmable Drone": { type: "Drone", drive: "Quadcopter", controller: "Built-in", programming: [BLOCKS, "Python"] },
  "ROBOTIS TurtleBot3 Burger (ROS 2)": { type: "Research robot", drive: "Differential", controller: ["Raspberry Pi", "OpenCR"], programming: "ROS 2" },
  "Arduino Braccio++ Robotic Arm Kit": { type: "Robotic arm", dof: "6", controller: "Arduino Nano RP2040" },
};
