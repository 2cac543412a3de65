// Pool worker entry (worker_threads in Node, a module Web Worker in the browser): registers the tasks.
import workerpool from "workerpool";
import { poolTasks } from "./tasks.js";

workerpool.worker(poolTasks);
