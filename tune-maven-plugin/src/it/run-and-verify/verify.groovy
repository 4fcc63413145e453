// tune:run ran QuadraticTuning (src/main, found through the index) and CoinTuning (src/test, found by
// scanning), 3 trials each (-Djtune.samples=3 over @Samples), and left NotSelected alone.
import groovy.json.JsonSlurper

def json = new JsonSlurper()
def storage = new File(basedir, 'target/jtune')
assert storage.isDirectory() : "no storage folder ${storage}"

def experiments = storage.listFiles().findAll { it.isDirectory() }
assert experiments*.name.collect { it.replaceAll(/_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d$/, '') }.sort() == ['CoinTuning', 'QuadraticTuning'] :
        "experiment folders: ${experiments*.name}"
def folderOf = { String name -> experiments.find { it.name.startsWith(name + '_') } }

def check = { String name, int iterations, Closure validParams ->
    def dir = folderOf(name)
    def state = json.parse(new File(dir, 'experiment_state.json'))
    assert state.runner.experiment == dir.name && state.runner.seed == 11 : "${name}: experiment_state.json runner ${state.runner}"
    def trials = dir.listFiles().findAll { it.isDirectory() }
    assert trials.size() == 3 : "${name}: trial folders ${trials*.name}"
    trials.each { trial ->
        def params = json.parse(new File(trial, 'params.json'))
        assert validParams(params) : "${trial.name}: params ${params}"
        def results = new File(trial, 'result.json').readLines().findAll { it.trim() }.collect { json.parseText(it) }
        assert results*.training_iteration == (1..iterations).toList() : "${trial.name}: iterations ${results*.training_iteration}"
        assert results.every { it.trial_id && it.config == params } : "${trial.name}: auto fields in ${results[0]}"
        assert new File(trial, 'progress.csv').readLines().size() == iterations + 1 : "${trial.name}: progress.csv rows"
    }
}
['QuadraticTuning', 'CoinTuning'].each { name ->
    def report = new File(folderOf(name), 'report.html')
    assert report.isFile() && report.text.contains('id="jtune-data"') : "tune:run writes ${report} (tune-report is on the plugin's class path)"
}
assert new File(basedir, 'target/coin-report.html').text.contains("\"name\":\"${folderOf('CoinTuning').name}\"") : 'tune:report renders the latest CoinTuning experiment'
check('QuadraticTuning', 3) { p -> p.keySet() == ['x'] as Set && p.x >= -2 && p.x < 2 }
check('CoinTuning', 2) { p -> p.keySet() == ['units'] as Set && p.units in [1, 2, 3] }

def log = new File(basedir, 'build.log').text
assert log.contains('jtune: experiment QuadraticTuning (com.example.QuadraticTuning)')
assert log.contains('jtune: experiment CoinTuning (com.example.tests.CoinTuning)')
assert !log.contains('NotSelected')
assert log =~ /best config: +x=-?[0-9.]+/
// CoinTuning's test classes were compiled with -proc:none: the run says the processor never checked it, and how to fix that
assert log.contains('[jtune WARN] CompileTimeCheck: com.example.tests.CoinTuning was not checked at compile time')
assert !log.contains('QuadraticTuning was not checked')
assert log.contains("results in:      ${folderOf('QuadraticTuning').canonicalPath}")
assert log.contains('BUILD SUCCESS')
assert !log.contains('SLF4J') : 'the run must bring its own logging backend'
return true
